import { PAYMENT_GRACE_DAYS, SubscriptionStatus } from '@trostnetz/contracts/payments';
import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { AppContext } from '../../app-context.ts';
import { paymentEvents, payments, type SubscriptionRow, subscriptions } from '../../db/schema/payments.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Tx } from '../../lifecycle/member-data.ts';
import {
  addMonths,
  announcePremium,
  contractAddressee,
  contractMail,
  newCode,
  recomputePremium,
} from './payments.service.ts';
import { paymentProvider } from './provider.ts';

const DAY_MS = 86_400_000;
/** Signatures older than this are refused (a replayed event). */
export const SIGNATURE_TOLERANCE_SEC = 300;

/** What happens after the transaction committed: mails and live updates. */
type Effect = (ctx: AppContext) => Promise<void> | void;

export type WebhookOutcome = 'applied' | 'duplicate' | 'ignored';

/**
 * POST /api/payments/webhook and the built-in test provider both end here: the signature is checked
 * on the raw body (stale or forged → 400), each event is handled once (by its id), and a state older
 * than the one stored never undoes it. An event about a contract we do not know yet (it arrived before
 * the checkout's own event) is answered 409, so the provider delivers it again later.
 */
export async function handleWebhook(
  ctx: AppContext,
  rawBody: Buffer | string,
  signature: string | undefined,
): Promise<WebhookOutcome> {
  const { stripe } = await paymentProvider(ctx);
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(
      rawBody,
      signature ?? '',
      ctx.config.stripe.webhookSecret,
      SIGNATURE_TOLERANCE_SEC,
    );
  } catch {
    throw new AppError('invalid_signature');
  }
  return processEvent(ctx, event);
}

async function processEvent(ctx: AppContext, event: Stripe.Event): Promise<WebhookOutcome> {
  const effects: Effect[] = [];
  const outcome = await ctx.db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(paymentEvents)
      .values({ id: event.id, type: event.type })
      .onConflictDoNothing()
      .returning({ id: paymentEvents.id });
    if (!fresh) return 'duplicate' as const;
    const row = await findSubscription(tx, event);
    if (row === 'unknown') throw new AppError('conflict');
    if (!row) return 'ignored' as const;
    await applyEvent(tx, row, event, effects);
    if (await recomputePremium(tx, row.userId)) effects.push((c) => announcePremium(c, row.userId));
    return 'applied' as const;
  });
  for (const effect of effects) await effect(ctx);
  return outcome;
}

const idOf = (v: string | { id: string } | null | undefined) => (typeof v === 'string' ? v : (v?.id ?? null));

interface InvoiceLike {
  id: string;
  amount_paid: number;
  billing_reason?: string | null;
  status_transitions?: { paid_at?: number | null };
  lines?: { data: Array<{ period?: { end: number } }> };
  parent?: {
    subscription_details?: {
      subscription?: string | { id: string } | null;
      metadata?: Record<string, string> | null;
    } | null;
  } | null;
  subscription?: string | { id: string } | null;
  payment_intent?: string | { id: string } | null;
}

/** Our contract an event is about: a row, null when it is not ours, 'unknown' when it may come later. */
async function findSubscription(tx: Tx, event: Stripe.Event): Promise<SubscriptionRow | null | 'unknown'> {
  const by = async (column: 'checkoutSessionId' | 'providerSubscriptionId' | 'reference', value: string) =>
    (await tx.select().from(subscriptions).where(eq(subscriptions[column], value)))[0];
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type.startsWith('checkout.session.')) {
    return (await by('checkoutSessionId', String(object.id))) ?? null;
  }
  let providerId: string | null = null;
  let reference: string | undefined;
  if (event.type.startsWith('customer.subscription.')) {
    providerId = String(object.id);
    reference = (object.metadata as Record<string, string> | undefined)?.reference;
  } else if (event.type.startsWith('invoice.')) {
    const invoice = object as unknown as InvoiceLike;
    providerId = idOf(invoice.parent?.subscription_details?.subscription ?? invoice.subscription);
    reference = invoice.parent?.subscription_details?.metadata?.reference ?? undefined;
  } else {
    return null;
  }
  if (!providerId) return null;
  const row =
    (await by('providerSubscriptionId', providerId)) ??
    (reference ? await by('reference', reference) : undefined);
  if (row) return row;
  // Ours by its reference but not stored: not ours after all. Without one: perhaps the checkout's event is late.
  return reference ? null : 'unknown';
}

async function update(tx: Tx, row: SubscriptionRow, set: Partial<typeof subscriptions.$inferInsert>) {
  const [next] = await tx
    .update(subscriptions)
    .set({ ...set, updatedAt: new Date() })
    .where(eq(subscriptions.id, row.id))
    .returning();
  Object.assign(row, next);
}

const fromUnix = (s: number | null | undefined) => (s ? new Date(s * 1000) : null);
const later = (a: Date | null, b: Date | null) => (!a ? b : !b ? a : a > b ? a : b);

async function applyEvent(tx: Tx, row: SubscriptionRow, event: Stripe.Event, effects: Effect[]) {
  const at = event.created;
  const current = at >= row.stateAt;
  const object = event.data.object as unknown as Record<string, unknown>;
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded': {
      const paid = object.payment_status === 'paid' || object.payment_status === 'no_payment_required';
      const ids = {
        providerSubscriptionId: idOf(object.subscription as string | null) ?? row.providerSubscriptionId,
        providerCustomerId: idOf(object.customer as string | null) ?? row.providerCustomerId,
      };
      if (paid && row.status === SubscriptionStatus.pending && current) {
        const now = new Date(at * 1000);
        await update(tx, row, {
          ...ids,
          checkoutOutcome: 'paid',
          status: SubscriptionStatus.active,
          startedAt: now,
          currentPeriodEnd: row.currentPeriodEnd ?? addMonths(now, row.months),
          stateAt: at,
        });
      } else {
        await update(tx, row, { ...ids, ...(paid ? { checkoutOutcome: 'paid' as const } : {}) });
      }
      return;
    }
    case 'checkout.session.async_payment_failed':
    case 'checkout.session.expired': {
      if (row.status !== SubscriptionStatus.pending) return;
      await update(tx, row, {
        status: SubscriptionStatus.ended,
        checkoutOutcome: event.type === 'checkout.session.expired' ? 'aborted' : 'failed',
        endReason: 'checkout_failed',
        endedAt: new Date(at * 1000),
        stateAt: at,
      });
      return;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      if (!current) return;
      await applySubscriptionState(tx, row, object as unknown as Stripe.Subscription, at, event.type);
      return;
    }
    case 'invoice.paid': {
      const invoice = object as unknown as InvoiceLike;
      const periodEnd = fromUnix(Math.max(0, ...(invoice.lines?.data ?? []).map((l) => l.period?.end ?? 0)));
      const paidAt = fromUnix(invoice.status_transitions?.paid_at) ?? new Date(at * 1000);
      const earlier = await tx
        .select({ id: payments.id })
        .from(payments)
        .where(eq(payments.subscriptionId, row.id));
      const [receipt] = await tx
        .insert(payments)
        .values({
          number: newCode('Q'),
          subscriptionId: row.id,
          providerInvoiceId: invoice.id,
          providerPaymentId: idOf(invoice.payment_intent),
          amountCents: invoice.amount_paid,
          paidAt,
          periodEnd,
        })
        .onConflictDoNothing()
        .returning();
      const ended = row.status === SubscriptionStatus.ended;
      if (!ended) {
        await update(tx, row, {
          currentPeriodEnd: later(row.currentPeriodEnd, periodEnd),
          startedAt: row.startedAt ?? paidAt,
          ...(current
            ? {
                status: SubscriptionStatus.active,
                graceUntil: null,
                stateAt: at,
                checkoutOutcome: 'paid' as const,
              }
            : {}),
        });
      }
      if (receipt) {
        const to = await contractAddressee(tx, row);
        const snapshot = { ...row };
        if (to && earlier.length === 0) {
          effects.push((c) =>
            contractMail(c, 'premiumOrder', snapshot, to, {
              date: snapshot.startedAt ?? paidAt,
              until: snapshot.currentPeriodEnd,
            }),
          );
        }
        if (to) {
          effects.push((c) =>
            contractMail(
              c,
              ended ? 'receiptAfterEnd' : 'receipt',
              { ...snapshot, reference: receipt.number },
              to,
              {
                date: paidAt,
                until: snapshot.endsAt ?? snapshot.currentPeriodEnd,
                amountCents: receipt.amountCents,
              },
            ),
          );
        }
      }
      return;
    }
    case 'invoice.payment_failed': {
      const invoice = object as unknown as InvoiceLike;
      if (
        !current ||
        row.status !== SubscriptionStatus.active ||
        invoice.billing_reason === 'subscription_create'
      ) {
        return;
      }
      const graceUntil = new Date(at * 1000 + PAYMENT_GRACE_DAYS * DAY_MS);
      await update(tx, row, { status: SubscriptionStatus.pastDue, graceUntil, stateAt: at });
      const to = await contractAddressee(tx, row);
      const snapshot = { ...row };
      if (to) effects.push((c) => contractMail(c, 'paymentFailed', snapshot, to, { until: graceUntil }));
      return;
    }
    default:
      return;
  }
}

/** A Stripe Subscription object's state applied to our row (webhook events and the reconciling job). */
export async function applySubscriptionState(
  tx: Tx,
  row: SubscriptionRow,
  sub: Stripe.Subscription,
  at: number,
  type: string,
) {
  const item = sub.items?.data?.[0] as { current_period_end?: number } | undefined;
  const periodEnd =
    fromUnix(
      item?.current_period_end ?? (sub as unknown as { current_period_end?: number }).current_period_end,
    ) ?? row.currentPeriodEnd;
  const endsAt = sub.cancel_at ? fromUnix(sub.cancel_at) : sub.cancel_at_period_end ? periodEnd : null;
  const now = new Date(at * 1000);
  if (
    type === 'customer.subscription.deleted' ||
    sub.status === 'canceled' ||
    sub.status === 'incomplete_expired'
  ) {
    if (row.status === SubscriptionStatus.ended) return;
    await update(tx, row, {
      status: SubscriptionStatus.ended,
      endedAt: fromUnix(sub.ended_at) ?? now,
      endReason:
        row.endReason ?? (row.status === SubscriptionStatus.pastDue ? 'payment_failed' : 'cancelled'),
      stateAt: at,
    });
    return;
  }
  if (row.status === SubscriptionStatus.ended) return;
  if (sub.status === 'active' || sub.status === 'trialing') {
    await update(tx, row, {
      status: SubscriptionStatus.active,
      graceUntil: null,
      startedAt: row.startedAt ?? now,
      currentPeriodEnd: periodEnd,
      endsAt,
      stateAt: at,
    });
  } else if (sub.status === 'past_due' || sub.status === 'unpaid') {
    await update(tx, row, {
      status: SubscriptionStatus.pastDue,
      graceUntil: row.graceUntil ?? new Date(at * 1000 + PAYMENT_GRACE_DAYS * DAY_MS),
      currentPeriodEnd: periodEnd,
      endsAt,
      stateAt: at,
    });
  }
}
