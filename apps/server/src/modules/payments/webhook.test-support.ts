import { asc, eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { payments, type SubscriptionRow, subscriptions } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { type MemberTokens, registerMember } from '../../test/factories.ts';
import { call, outbox, type TestApp } from '../../test/test-app.ts';

/**
 * Test helpers for POST /api/payments/webhook, shared by the payments test files: Stripe-shaped events
 * signed as Stripe signs them, their delivery, invoices, checkouts started through the API and what the
 * events left on the contract, the member's premium, the receipts and the outbox.
 */
const signer = new Stripe('sk_test_signing_only');

export interface SignOptions {
  /** Another secret than the app's (a forged signature). */
  secret?: string;
  /** The event's own time (`created`, seconds), which orders the states. */
  created?: number;
  /** The signature's time (seconds); now when not given. */
  timestamp?: number;
  id?: string;
}

/** A Stripe-shaped event, signed with the app's webhook secret (or with a wrong secret / an old timestamp). */
export function signedEvent(
  app: Pick<TestApp, 'config'>,
  type: string,
  object: Record<string, unknown>,
  opts: SignOptions = {},
) {
  const payload = JSON.stringify({
    id: opts.id ?? `evt_${Math.random().toString(36).slice(2)}`,
    object: 'event',
    created: opts.created ?? Math.floor(Date.now() / 1000),
    type,
    data: { object },
  });
  const header = signer.webhooks.generateTestHeaderString({
    payload,
    secret: opts.secret ?? app.config.stripe.webhookSecret,
    ...(opts.timestamp ? { timestamp: opts.timestamp } : {}),
  });
  return { payload, header };
}

/** Delivers a signed event as Stripe does: the raw JSON body and the `stripe-signature` header. */
export const deliver = (app: TestApp, e: { payload: string; header: string }) =>
  app.app.inject({
    method: 'POST',
    url: '/api/payments/webhook',
    payload: e.payload,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': e.header },
  });

/** An invoice paid for a contract's period ending at `periodEnd` (a renewal unless `extra` says otherwise). */
export const invoice = (
  sub: { reference: string; providerSubscriptionId: string | null },
  periodEnd: Date,
  extra = {},
) => ({
  id: `in_${Math.random().toString(36).slice(2)}`,
  object: 'invoice',
  amount_paid: 699,
  billing_reason: 'subscription_cycle',
  status_transitions: { paid_at: Math.floor(Date.now() / 1000) },
  lines: { data: [{ period: { end: Math.floor(periodEnd.getTime() / 1000) } }] },
  parent: {
    subscription_details: {
      subscription: sub.providerSubscriptionId,
      metadata: { reference: sub.reference },
    },
  },
  ...extra,
});

/** 15 January 2030, 09:00 UTC (10:00 in Berlin): event times far from today, so every expected value is exact. */
/** The webhook's answer to every event it took (or had taken before). */
export const received = { status: 200, body: { received: true } };

export const T0 = Date.UTC(2030, 0, 15, 9, 0, 0) / 1000;
export const DAY_S = 86_400;
/** A moment given in Stripe's seconds. */
export const at = (s: number) => new Date(s * 1000);
export const unix = (d: Date) => Math.floor(d.getTime() / 1000);

/** A member's checkout, started through the API, and the provider's ids its events will carry. */
export interface Checkout {
  member: MemberTokens;
  /** Our contract row's id. */
  id: number;
  reference: string;
  session: string;
  subId: string;
  cusId: string;
}

/** The fields the webhook rules write on a contract. */
export const contractState = (row: SubscriptionRow) => ({
  status: row.status,
  checkoutOutcome: row.checkoutOutcome,
  providerSubscriptionId: row.providerSubscriptionId,
  providerCustomerId: row.providerCustomerId,
  startedAt: row.startedAt,
  currentPeriodEnd: row.currentPeriodEnd,
  graceUntil: row.graceUntil,
  endsAt: row.endsAt,
  endedAt: row.endedAt,
  endReason: row.endReason,
  stateAt: row.stateAt,
});

/** Checkouts, events about them and what they left behind, for one test app. */
export function webhookWorld(t: TestApp) {
  let n = 0;
  const uniq = () => `${Date.now().toString(36)}${(++n).toString(36)}`;
  const db = () => t.app.ctx.db;

  /** A signed event delivered; its status and JSON body. */
  async function send(type: string, object: Record<string, unknown>, created: number, id?: string) {
    const res = await deliver(t, signedEvent(t, type, object, { created, ...(id ? { id } : {}) }));
    return { status: res.statusCode, body: res.json() as unknown };
  }

  /** A pending contract: a member (registered through the API) started a checkout. */
  async function checkout(planId = 'premium-1m'): Promise<Checkout> {
    const member = await registerMember(t);
    const res = await call(t, 'POST', '/api/payments/checkout', {
      token: member.token,
      body: { plan_id: planId, immediate_start: true },
    });
    if (res.status !== 200) throw new Error(`checkout failed: ${res.status} ${res.text}`);
    const [row] = await db().select().from(subscriptions).where(eq(subscriptions.userId, member.id));
    const u = uniq();
    return {
      member,
      id: row!.id,
      reference: row!.reference,
      session: row!.checkoutSessionId,
      subId: `sub_${u}`,
      cusId: `cus_${u}`,
    };
  }

  const session = (c: Checkout, extra: Record<string, unknown> = {}) => ({
    id: c.session,
    object: 'checkout.session',
    mode: 'subscription',
    client_reference_id: c.reference,
    status: 'complete',
    payment_status: 'paid',
    subscription: c.subId,
    customer: c.cusId,
    ...extra,
  });

  /** The provider's Subscription object: running until `periodEnd` (seconds) unless `extra` says otherwise. */
  const subscription = (
    c: Pick<Checkout, 'reference' | 'subId'>,
    periodEnd: number,
    extra: Record<string, unknown> = {},
  ) => ({
    id: c.subId,
    object: 'subscription',
    status: 'active',
    cancel_at: null,
    cancel_at_period_end: false,
    metadata: { reference: c.reference },
    items: { data: [{ current_period_end: periodEnd }] },
    ...extra,
  });

  /** An invoice paid for the contract's period ending at `periodEnd` (seconds), in the current API shape. */
  const paidInvoice = (
    c: Pick<Checkout, 'reference' | 'subId'>,
    o: { periodEnd: number; paidAt: number; amount?: number },
    extra: Record<string, unknown> = {},
  ) => ({
    id: `in_${uniq()}`,
    object: 'invoice',
    amount_paid: o.amount ?? 699,
    billing_reason: 'subscription_cycle',
    status_transitions: { paid_at: o.paidAt },
    lines: { data: [{ period: { start: o.paidAt, end: o.periodEnd } }] },
    parent: {
      type: 'subscription_details',
      subscription_details: { subscription: c.subId, metadata: { reference: c.reference } },
    },
    ...extra,
  });

  /** A checkout paid at `created`: the contract runs from then. */
  async function activeContract(planId = 'premium-1m', created = T0): Promise<Checkout> {
    const c = await checkout(planId);
    const res = await send('checkout.session.completed', session(c), created);
    if (res.status !== 200) throw new Error(`checkout.session.completed: ${res.status}`);
    return c;
  }

  const row = async (c: Checkout) =>
    (await db().select().from(subscriptions).where(eq(subscriptions.id, c.id)))[0]!;
  const state = async (c: Checkout) => contractState(await row(c));
  const premium = async (c: Checkout) => {
    const [u] = await db()
      .select({ isPremium: users.isPremium, premiumUntil: users.premiumUntil })
      .from(users)
      .where(eq(users.id, c.member.id));
    return u;
  };
  const receipts = async (c: Checkout) =>
    db().select().from(payments).where(eq(payments.subscriptionId, c.id)).orderBy(asc(payments.id));
  /** The mails this checkout's member got, oldest first. */
  const mails = async (c: Checkout) => (await outbox(t)).filter((m) => m.to.includes(c.member.email));

  return {
    send,
    checkout,
    session,
    subscription,
    paidInvoice,
    activeContract,
    row,
    state,
    premium,
    receipts,
    mails,
    uniq,
  };
}
