import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { type SubscriptionRow, subscriptions } from '../../db/schema/payments.ts';
import type { Member } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { planView } from './payments.presenter.ts';
import { addMonths } from './payments.service.ts';
import { paymentProvider } from './provider.ts';
import { handleWebhook } from './webhook.ts';

/**
 * The built-in test provider (no STRIPE_SECRET_KEY): a page on our own origin stands in for Stripe's
 * checkout, and what it decides reaches the app as Stripe-shaped events signed with the webhook secret,
 * through the same handler as POST /api/payments/webhook. No money moves.
 */
const token = () => randomBytes(12).toString('hex');
const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** A Stripe-shaped event, signed like Stripe signs it, handed to the webhook handler. */
export async function emitSignedEvent(
  ctx: AppContext,
  type: string,
  object: Record<string, unknown>,
  created = new Date(),
) {
  const payload = JSON.stringify({
    id: `evt_test_${token()}`,
    object: 'event',
    api_version: null,
    created: unix(created),
    livemode: false,
    pending_webhooks: 0,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  const header = (await paymentProvider(ctx)).stripe.webhooks.generateTestHeaderString({
    payload,
    secret: ctx.config.stripe.webhookSecret,
  });
  return handleWebhook(ctx, payload, header);
}

async function requireTestProvider(ctx: AppContext) {
  if ((await paymentProvider(ctx)).kind !== 'test') throw new AppError('not_found');
}

async function ownSession(ctx: AppContext, member: Member, sessionId: string) {
  await requireTestProvider(ctx);
  const [row] = await ctx.db
    .select()
    .from(subscriptions)
    .where(
      and(
        eq(subscriptions.checkoutSessionId, sessionId),
        eq(subscriptions.userId, member.id),
        eq(subscriptions.provider, 'test'),
      ),
    );
  if (!row) throw new AppError('not_found');
  return row;
}

const sessionState = (row: SubscriptionRow) =>
  row.checkoutOutcome === 'paid'
    ? 'paid'
    : row.checkoutOutcome === 'failed'
      ? 'failed'
      : row.checkoutOutcome === 'aborted'
        ? 'aborted'
        : 'open';

export async function testSessionView(ctx: AppContext, member: Member, sessionId: string) {
  const row = await ownSession(ctx, member, sessionId);
  return {
    session_id: sessionId,
    plan: planView({ id: row.planId, months: row.months, totalCents: row.totalCents }),
    state: sessionState(row),
  } as const;
}

/** An invoice paid for one period of the contract (the first one, or a renewal). */
function paidInvoice(row: SubscriptionRow, providerId: string, from: Date, reason: string) {
  const end = addMonths(from, row.months);
  return {
    id: `in_test_${token()}`,
    object: 'invoice',
    amount_paid: row.totalCents,
    currency: 'eur',
    billing_reason: reason,
    status: 'paid',
    status_transitions: { paid_at: unix(new Date()) },
    lines: { data: [{ period: { start: unix(from), end: unix(end) } }] },
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: providerId, metadata: { reference: row.reference } },
    },
  };
}

/** The test page's buttons: success, failure or abort; answers where the browser continues. */
export async function completeTestSession(
  ctx: AppContext,
  member: Member,
  sessionId: string,
  outcome: 'success' | 'failure' | 'abort',
) {
  const row = await ownSession(ctx, member, sessionId);
  if (row.checkoutOutcome || row.status !== 'pending') {
    return { url: `/checkout-succeeded?session_id=${sessionId}` };
  }
  const session = {
    id: sessionId,
    object: 'checkout.session',
    mode: 'subscription',
    client_reference_id: row.reference,
  };
  if (outcome === 'abort') {
    await emitSignedEvent(ctx, 'checkout.session.expired', {
      ...session,
      status: 'expired',
      payment_status: 'unpaid',
    });
    return { url: `/checkout/${row.planId}` };
  }
  if (outcome === 'failure') {
    await emitSignedEvent(ctx, 'checkout.session.async_payment_failed', {
      ...session,
      status: 'complete',
      payment_status: 'unpaid',
    });
    return { url: `/checkout-succeeded?session_id=${sessionId}` };
  }
  const providerId = `sub_test_${token()}`;
  await emitSignedEvent(ctx, 'checkout.session.completed', {
    ...session,
    status: 'complete',
    payment_status: 'paid',
    subscription: providerId,
    customer: `cus_test_${token()}`,
  });
  await emitSignedEvent(ctx, 'invoice.paid', paidInvoice(row, providerId, new Date(), 'subscription_create'));
  return { url: `/checkout-succeeded?session_id=${sessionId}` };
}

/** The test provider charges a renewal at the period end, as Stripe would (payments-renew job). */
export async function renewTestSubscription(ctx: AppContext, row: SubscriptionRow) {
  if (!row.providerSubscriptionId || !row.currentPeriodEnd) return;
  await emitSignedEvent(
    ctx,
    'invoice.paid',
    paidInvoice(row, row.providerSubscriptionId, row.currentPeriodEnd, 'subscription_cycle'),
  );
}
