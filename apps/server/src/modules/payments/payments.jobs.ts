import { SubscriptionStatus } from '@trostnetz/contracts/payments';
import { and, eq, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { AppContext } from '../../app-context.ts';
import { subscriptions } from '../../db/schema/payments.ts';
import { defineJob } from '../jobs/job.ts';
import { processDeclaration } from './contracts.service.ts';
import { announcePremium, RENEWAL_SLACK_MS, recomputePremium } from './payments.service.ts';
import { paymentProvider } from './provider.ts';
import { renewTestSubscription } from './test-provider.ts';
import { applySubscriptionState } from './webhook.ts';

/** A cancellation or withdrawal sent through the forms without login: look up, end, confirm by mail. */
export const declarationJob = defineJob({
  name: 'payments-declaration',
  payload: z.object({ declarationId: z.number().int().positive() }),
  retryLimit: 10,
  run: (ctx, { declarationId }) => processDeclaration(ctx, declarationId),
});

/**
 * Renewals: the test provider charges a contract due for renewal (as Stripe does by itself); for Stripe
 * a contract whose period ended without a renewal event is read back from Stripe, so a lost webhook
 * never leaves a member without the premium they paid for (or with premium they did not pay for).
 */
export async function renewDue(ctx: AppContext, now = new Date()) {
  const provider = await paymentProvider(ctx);
  const due = await ctx.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.status, SubscriptionStatus.active),
        isNull(subscriptions.endsAt),
        lte(subscriptions.currentPeriodEnd, now),
      ),
    );
  for (const row of due) {
    if (row.provider === 'test' && provider.kind === 'test') {
      await renewTestSubscription(ctx, row);
    } else if (row.provider === 'stripe' && provider.kind === 'stripe' && row.providerSubscriptionId) {
      if (row.currentPeriodEnd && row.currentPeriodEnd.getTime() + RENEWAL_SLACK_MS / 2 > now.getTime())
        continue;
      const sub = await provider.stripe.subscriptions.retrieve(row.providerSubscriptionId);
      await ctx.db.transaction(async (tx) => {
        const [fresh] = await tx.select().from(subscriptions).where(eq(subscriptions.id, row.id));
        if (fresh)
          await applySubscriptionState(tx, fresh, sub, Math.floor(now.getTime() / 1000), 'reconcile');
      });
      if (await recomputePremium(ctx.db, row.userId)) await announcePremium(ctx, row.userId);
    }
  }
  return due.length;
}

/**
 * Expiry: a cancelled contract at its end, a failed payment after the grace period, a checkout left
 * open for a day. A checkout the member completed whose payment is still on its way (SEPA debit: up to
 * 14 business days; Stripe then sends async_payment_succeeded or _failed) is not left open: it waits for
 * that answer, and only ends unanswered after 30 days. Premium follows (recomputePremium) and the
 * member's tabs are told live.
 */
export async function expireDue(ctx: AppContext, now = new Date()) {
  const dayAgo = new Date(now.getTime() - 86_400_000);
  const monthAgo = new Date(now.getTime() - 30 * 86_400_000);
  const ended = await ctx.db
    .update(subscriptions)
    .set({
      status: SubscriptionStatus.ended,
      endedAt: now,
      updatedAt: now,
      endReason: sql`case when ${subscriptions.status} = 'past_due' then 'payment_failed'
        when ${subscriptions.status} = 'pending' then 'checkout_failed'
        else coalesce(${subscriptions.endReason}, 'cancelled') end`,
    })
    .where(
      or(
        and(eq(subscriptions.status, SubscriptionStatus.active), lte(subscriptions.endsAt, now)),
        and(eq(subscriptions.status, SubscriptionStatus.pastDue), lte(subscriptions.graceUntil, now)),
        and(
          eq(subscriptions.status, SubscriptionStatus.pending),
          isNull(subscriptions.providerSubscriptionId),
          lte(subscriptions.createdAt, dayAgo),
        ),
        and(eq(subscriptions.status, SubscriptionStatus.pending), lte(subscriptions.createdAt, monthAgo)),
      ),
    )
    .returning({
      userId: subscriptions.userId,
      provider: subscriptions.provider,
      id: subscriptions.providerSubscriptionId,
      status: subscriptions.endReason,
    });
  const provider = await paymentProvider(ctx);
  for (const row of ended) {
    // After the grace period the contract ends at Stripe too, so nothing is charged later.
    if (
      row.status === 'payment_failed' &&
      row.provider === 'stripe' &&
      provider.kind === 'stripe' &&
      row.id
    ) {
      await provider.stripe.subscriptions.cancel(row.id).catch(() => undefined);
    }
  }
  const members = [...new Set(ended.map((r) => r.userId).filter((id): id is number => id !== null))];
  for (const id of members) if (await recomputePremium(ctx.db, id)) await announcePremium(ctx, id);
  // Premium that ran out by time alone (a renewal that never came) is recomputed too.
  const lapsed = await ctx.db
    .select({ userId: subscriptions.userId })
    .from(subscriptions)
    .where(
      and(
        inArray(subscriptions.status, [SubscriptionStatus.active]),
        lte(subscriptions.currentPeriodEnd, new Date(now.getTime() - RENEWAL_SLACK_MS)),
      ),
    );
  for (const { userId } of lapsed)
    if (await recomputePremium(ctx.db, userId)) await announcePremium(ctx, userId);
  return ended.length;
}

export const renewJob = defineJob({
  name: 'payments-renew',
  payload: z.object({}),
  schedule: '*/10 * * * *',
  policy: 'stately',
  retryLimit: 2,
  run: (ctx) => renewDue(ctx),
});

export const expireJob = defineJob({
  name: 'payments-expire',
  payload: z.object({}),
  schedule: '5,15,25,35,45,55 * * * *',
  policy: 'stately',
  retryLimit: 2,
  run: (ctx) => expireDue(ctx),
});
