import { eq } from 'drizzle-orm';
import { contractDeclarations, payments, subscriptions } from '../../db/schema/payments.ts';
import { defineMemberData } from '../../lifecycle/member-data.ts';
import { receiptView, subscriptionView } from './payments.presenter.ts';

/**
 * A member's contracts, receipts and the cancellations or withdrawals matched to them. On erasure the
 * declarations go; contracts and receipts stay for the operator's books (§ 147 AO) but no longer name
 * the person (no member, no address). The contract ended at its period end when deletion was asked for.
 */
export const paymentsData = defineMemberData({
  module: 'payments',
  tables: ['subscriptions', 'contract_declarations'],
  async exportMember(ctx, userId) {
    const subs = await ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, userId));
    const receipts = await ctx.db
      .select({ p: payments })
      .from(payments)
      .innerJoin(subscriptions, eq(subscriptions.id, payments.subscriptionId))
      .where(eq(subscriptions.userId, userId));
    const declarations = await ctx.db
      .select()
      .from(contractDeclarations)
      .where(eq(contractDeclarations.userId, userId));
    return {
      contracts: subs.filter((s) => s.status !== 'pending').map(subscriptionView),
      receipts: receipts.map((r) => receiptView(r.p)),
      declarations: declarations.map((d) => ({
        kind: d.kind,
        name: d.name,
        email: d.email,
        reason: d.reason,
        contract_reference: d.contractReference,
        received_at: d.receivedAt.toISOString(),
      })),
    };
  },
  async eraseMember(_ctx, userId, tx) {
    await tx.delete(contractDeclarations).where(eq(contractDeclarations.userId, userId));
    await tx
      .update(subscriptions)
      .set({ userId: null, email: null, providerCustomerId: null })
      .where(eq(subscriptions.userId, userId));
  },
});
