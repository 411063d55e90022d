import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions } from '../../db/schema/payments.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { at, DAY_S, deliver, received, signedEvent, T0, webhookWorld } from './webhook.test-support.ts';

/**
 * Issue 14, POST /api/payments/webhook (webhook.ts): the signature, each event once, which contract an
 * event is about, and the checkout session's events. The invoice and subscription rules are in
 * webhook-contract-rules.test.ts.
 */
const DAY_MS = 86_400_000;
const invalidSignature = {
  status: 400,
  body: { code: 'invalid_signature', message: 'Die Signatur ist ungültig.' },
};

let t: TestApp;
let w: ReturnType<typeof webhookWorld>;
beforeAll(async () => {
  t = await createTestApp({}, { RATE_LIMIT_FACTOR: '100' });
  w = webhookWorld(t);
});
afterAll(() => t.close());

const answer = (res: { statusCode: number; body: string }) => ({
  status: res.statusCode,
  body: JSON.parse(res.body) as unknown,
});

describe('webhook signature: checked on the raw body with a tolerance of 300 seconds', () => {
  const notOurs = { id: 'cs_not_ours_sig', object: 'checkout.session', payment_status: 'paid' };

  it('a signature made 290 s ago is accepted; one made 310 s ago is a replay and refused with 400', async () => {
    const now = Math.floor(Date.now() / 1000);
    const inTime = signedEvent(t, 'checkout.session.completed', notOurs, { timestamp: now - 290 });
    expect(answer(await deliver(t, inTime))).toEqual(received);
    const replayed = signedEvent(t, 'checkout.session.completed', notOurs, { timestamp: now - 310 });
    expect(answer(await deliver(t, replayed))).toEqual(invalidSignature);
  });

  it('without a stripe-signature header the event is refused with 400', async () => {
    const e = signedEvent(t, 'checkout.session.completed', notOurs);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: e.payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(answer(res)).toEqual(invalidSignature);
  });
});

describe('webhook idempotency: each event is handled once, by its id', () => {
  it('a failed payment delivered again after the contract recovered changes nothing and mails nothing', async () => {
    const c = await w.activeContract();
    const failedAt = T0 + 10 * DAY_S;
    const failed = w.paidInvoice(
      c,
      { periodEnd: T0 + 31 * DAY_S, paidAt: failedAt, amount: 0 },
      { billing_reason: 'subscription_cycle' },
    );
    const id = `evt_failed_${w.uniq()}`;
    expect(await w.send('invoice.payment_failed', failed, failedAt, id)).toEqual(received);
    expect((await w.state(c)).status).toBe('past_due');
    // The retry went through: Stripe reports the subscription active again, in the same second.
    expect(
      await w.send('customer.subscription.updated', w.subscription(c, T0 + 31 * DAY_S), failedAt),
    ).toEqual(received);
    expect(await w.send('invoice.payment_failed', failed, failedAt, id)).toEqual(received);
    expect(await w.state(c)).toEqual({
      status: 'active',
      checkoutOutcome: 'paid',
      providerSubscriptionId: c.subId,
      providerCustomerId: c.cusId,
      startedAt: at(T0),
      currentPeriodEnd: at(T0 + 31 * DAY_S),
      graceUntil: null,
      endsAt: null,
      endedAt: null,
      endReason: null,
      stateAt: failedAt,
    });
    const failures = (await w.mails(c)).filter((m) => m.subject.includes('hat nicht geklappt'));
    expect(failures).toHaveLength(1);
  });
});

describe('webhook: which contract an event is about', () => {
  it('expanded objects (subscription, customer, payment intent given as objects) are read by their id', async () => {
    const c = await w.checkout();
    const expanded = w.session(c, {
      subscription: { id: c.subId, object: 'subscription' },
      customer: { id: c.cusId, object: 'customer' },
    });
    expect(await w.send('checkout.session.completed', expanded, T0)).toEqual(received);
    expect(await w.state(c)).toMatchObject({ providerSubscriptionId: c.subId, providerCustomerId: c.cusId });
    const inv = w.paidInvoice(
      c,
      { periodEnd: T0 + 31 * DAY_S, paidAt: T0 },
      {
        payment_intent: { id: 'pi_expanded_1', object: 'payment_intent' },
        // Only the expanded subscription names the contract: no reference to fall back on.
        parent: { subscription_details: { subscription: { id: c.subId, object: 'subscription' } } },
      },
    );
    expect(await w.send('invoice.paid', inv, T0 + 1)).toEqual(received);
    const [receipt] = await w.receipts(c);
    expect(receipt).toMatchObject({ providerInvoiceId: inv.id, providerPaymentId: 'pi_expanded_1' });
  });

  it('a subscription event without metadata is found by the provider’s subscription id', async () => {
    const c = await w.activeContract();
    const end = T0 + 31 * DAY_S;
    const { metadata: _none, ...withoutMetadata } = w.subscription(c, end, { cancel_at_period_end: true });
    expect(await w.send('customer.subscription.updated', withoutMetadata, T0 + DAY_S)).toEqual(received);
    expect(await w.state(c)).toMatchObject({ status: 'active', currentPeriodEnd: at(end), endsAt: at(end) });
    expect(await w.premium(c)).toEqual({ isPremium: true, premiumUntil: at(end) });
  });

  it('invoices in older API shapes name the subscription at the top level (no parent, or no subscription details)', async () => {
    const c = await w.activeContract();
    const { parent: _p, ...noParent } = w.paidInvoice(c, {
      periodEnd: T0 + 59 * DAY_S,
      paidAt: T0 + 31 * DAY_S,
    });
    expect(await w.send('invoice.paid', { ...noParent, subscription: c.subId }, T0 + 31 * DAY_S)).toEqual(
      received,
    );
    expect((await w.state(c)).currentPeriodEnd).toEqual(at(T0 + 59 * DAY_S));
    const quoteParent = w.paidInvoice(
      c,
      { periodEnd: T0 + 90 * DAY_S, paidAt: T0 + 59 * DAY_S },
      { parent: { type: 'quote_details', subscription_details: null }, subscription: c.subId },
    );
    expect(await w.send('invoice.paid', quoteParent, T0 + 59 * DAY_S)).toEqual(received);
    expect((await w.state(c)).currentPeriodEnd).toEqual(at(T0 + 90 * DAY_S));
    expect((await w.receipts(c)).map((r) => r.providerInvoiceId)).toEqual([noParent.id, quoteParent.id]);
  });

  it('an invoice paid before the checkout’s own event is found by the contract reference in its metadata', async () => {
    const c = await w.checkout();
    const inv = w.paidInvoice(
      c,
      { periodEnd: T0 + 31 * DAY_S, paidAt: T0 },
      { billing_reason: 'subscription_create' },
    );
    expect(await w.send('invoice.paid', inv, T0)).toEqual(received);
    expect(await w.state(c)).toEqual({
      status: 'active',
      checkoutOutcome: 'paid',
      providerSubscriptionId: null,
      providerCustomerId: null,
      startedAt: at(T0),
      currentPeriodEnd: at(T0 + 31 * DAY_S),
      graceUntil: null,
      endsAt: null,
      endedAt: null,
      endReason: null,
      stateAt: T0,
    });
    // The checkout's event comes later: it adds the provider's ids and changes nothing else.
    expect(await w.send('checkout.session.completed', w.session(c), T0 + 5)).toEqual(received);
    expect(await w.state(c)).toMatchObject({
      status: 'active',
      providerSubscriptionId: c.subId,
      providerCustomerId: c.cusId,
      startedAt: at(T0),
      currentPeriodEnd: at(T0 + 31 * DAY_S),
      stateAt: T0,
    });
    expect(await w.receipts(c)).toHaveLength(1);
  });

  it('an event naming a reference that is not ours is acknowledged and ignored; without any reference it is 409 (delivered again later)', async () => {
    const c = await w.checkout();
    const foreign = { reference: 'PV-NOTO-URSX', subId: `sub_foreign_${w.uniq()}` };
    const inv = w.paidInvoice({ ...c, ...foreign }, { periodEnd: T0 + 31 * DAY_S, paidAt: T0 });
    expect(await w.send('invoice.paid', inv, T0)).toEqual(received);
    expect(
      await w.send(
        'customer.subscription.updated',
        w.subscription({ ...c, ...foreign }, T0 + 31 * DAY_S),
        T0,
      ),
    ).toEqual(received);
    const { metadata: _none, ...unnamed } = w.subscription({ ...c, ...foreign }, T0 + 31 * DAY_S);
    expect(await w.send('customer.subscription.updated', unnamed, T0)).toEqual({
      status: 409,
      body: { code: 'conflict', message: 'Das ist gerade nicht möglich.' },
    });
    expect((await w.state(c)).status).toBe('pending');
  });

  it('a one-off invoice (no subscription) and events of other kinds are acknowledged and ignored', async () => {
    const { parent: _p, ...oneOff } = w.paidInvoice(
      { reference: 'PV-ONEO-FFXX', subId: 'sub_none' },
      { periodEnd: T0, paidAt: T0 },
    );
    expect(await w.send('invoice.paid', oneOff, T0)).toEqual(received);
    // A subscription schedule names a subscription we do not know: not an event about a contract.
    expect(
      await w.send(
        'subscription_schedule.updated',
        {
          id: `sub_sched_${w.uniq()}`,
          object: 'subscription_schedule',
          subscription: `sub_unknown_${w.uniq()}`,
        },
        T0,
      ),
    ).toEqual(received);
  });

  it('a refund at the provider and invoice events without a rule leave the contract, the receipts and premium as they are', async () => {
    const c = await w.activeContract();
    const inv = w.paidInvoice(
      c,
      { periodEnd: T0 + 31 * DAY_S, paidAt: T0 },
      { payment_intent: 'pi_refund_1' },
    );
    expect(await w.send('invoice.paid', inv, T0)).toEqual(received);
    const before = { row: await w.row(c), receipts: await w.receipts(c), premium: await w.premium(c) };
    expect(
      await w.send(
        'charge.refunded',
        {
          id: 'ch_refund_1',
          object: 'charge',
          invoice: inv.id,
          payment_intent: 'pi_refund_1',
          amount_refunded: 699,
        },
        T0 + DAY_S,
      ),
    ).toEqual(received);
    expect(await w.send('invoice.finalized', { ...inv, id: `in_next_${w.uniq()}` }, T0 + 2 * DAY_S)).toEqual(
      received,
    );
    expect({ row: await w.row(c), receipts: await w.receipts(c), premium: await w.premium(c) }).toEqual(
      before,
    );
  });
});

describe('webhook: the checkout session’s events', () => {
  it('checkout paid: the contract runs from the event’s time for the plan’s months, premium until a day after the period end', async () => {
    const c = await w.checkout('premium-3m');
    expect(await w.send('checkout.session.completed', w.session(c), T0)).toEqual(received);
    const periodEnd = new Date(Date.UTC(2030, 3, 15, 9, 0, 0));
    expect(await w.state(c)).toEqual({
      status: 'active',
      checkoutOutcome: 'paid',
      providerSubscriptionId: c.subId,
      providerCustomerId: c.cusId,
      startedAt: at(T0),
      currentPeriodEnd: periodEnd,
      graceUntil: null,
      endsAt: null,
      endedAt: null,
      endReason: null,
      stateAt: T0,
    });
    expect(await w.premium(c)).toEqual({
      isPremium: true,
      premiumUntil: new Date(periodEnd.getTime() + DAY_MS),
    });
  });

  it('checkout with no payment required (a full discount) starts the contract too', async () => {
    const c = await w.checkout();
    expect(
      await w.send('checkout.session.completed', w.session(c, { payment_status: 'no_payment_required' }), T0),
    ).toEqual(received);
    expect(await w.state(c)).toMatchObject({
      status: 'active',
      checkoutOutcome: 'paid',
      startedAt: at(T0),
      currentPeriodEnd: new Date(Date.UTC(2030, 1, 15, 9, 0, 0)),
      stateAt: T0,
    });
  });

  it('checkout completed but not paid yet (SEPA debit): the contract stays pending with the provider’s ids; the later payment starts it then', async () => {
    const c = await w.checkout();
    expect(
      await w.send('checkout.session.completed', w.session(c, { payment_status: 'unpaid' }), T0),
    ).toEqual(received);
    expect(await w.state(c)).toEqual({
      status: 'pending',
      checkoutOutcome: null,
      providerSubscriptionId: c.subId,
      providerCustomerId: c.cusId,
      startedAt: null,
      currentPeriodEnd: null,
      graceUntil: null,
      endsAt: null,
      endedAt: null,
      endReason: null,
      stateAt: 0,
    });
    expect(await w.premium(c)).toEqual({ isPremium: false, premiumUntil: null });
    const paidAt = T0 + 3 * DAY_S;
    expect(await w.send('checkout.session.async_payment_succeeded', w.session(c), paidAt)).toEqual(received);
    expect(await w.state(c)).toEqual({
      status: 'active',
      checkoutOutcome: 'paid',
      providerSubscriptionId: c.subId,
      providerCustomerId: c.cusId,
      startedAt: at(paidAt),
      currentPeriodEnd: new Date(Date.UTC(2030, 1, 18, 9, 0, 0)),
      graceUntil: null,
      endsAt: null,
      endedAt: null,
      endReason: null,
      stateAt: paidAt,
    });
  });

  it('expiry rule: a completed checkout whose debit is on its way is not ended with the day-old open checkouts; the bank\u2019s answer decides, or 30 days without one', async () => {
    // Found by these tests: the expiry job ended every checkout pending for a day, so a SEPA debit that
    // settled on day 3 took the money and started nothing.
    const ageBy = async (c: { id: number }, days: number) =>
      t.app.ctx.db
        .update(subscriptions)
        .set({ createdAt: new Date(Date.now() - days * DAY_MS) })
        .where(eq(subscriptions.id, c.id));
    const expire = async () => {
      await t.app.ctx.jobs.send('payments-expire', {});
      await t.app.ctx.jobs.drain();
    };
    const open = await w.checkout(); // never completed
    const debiting = await w.checkout();
    expect(
      await w.send('checkout.session.completed', w.session(debiting, { payment_status: 'unpaid' }), T0),
    ).toEqual(received);
    await ageBy(open, 1.01);
    await ageBy(debiting, 29.9);
    await expire();
    expect(await w.state(open)).toMatchObject({ status: 'ended', endReason: 'checkout_failed' });
    expect(await w.state(debiting)).toMatchObject({ status: 'pending', endedAt: null });
    expect(await w.send('checkout.session.async_payment_succeeded', w.session(debiting), T0 + 60)).toEqual(
      received,
    );
    expect(await w.state(debiting)).toMatchObject({ status: 'active', checkoutOutcome: 'paid' });

    const unanswered = await w.checkout();
    await w.send('checkout.session.completed', w.session(unanswered, { payment_status: 'unpaid' }), T0);
    await ageBy(unanswered, 30.01);
    await expire();
    expect(await w.state(unanswered)).toMatchObject({ status: 'ended', endReason: 'checkout_failed' });
  });

  it('a second paid session event for a running contract does not start it again', async () => {
    const c = await w.activeContract();
    expect(await w.send('checkout.session.async_payment_succeeded', w.session(c), T0 + 2 * DAY_S)).toEqual(
      received,
    );
    expect(await w.state(c)).toMatchObject({
      status: 'active',
      startedAt: at(T0),
      currentPeriodEnd: new Date(Date.UTC(2030, 1, 15, 9, 0, 0)),
      stateAt: T0,
    });
  });

  it('checkout aborted (session expired): the contract ends at the event’s time, outcome aborted, premium never', async () => {
    const c = await w.checkout();
    const expired = w.session(c, {
      status: 'expired',
      payment_status: 'unpaid',
      subscription: null,
      customer: null,
    });
    expect(await w.send('checkout.session.expired', expired, T0)).toEqual(received);
    expect(await w.state(c)).toEqual({
      status: 'ended',
      checkoutOutcome: 'aborted',
      providerSubscriptionId: null,
      providerCustomerId: null,
      startedAt: null,
      currentPeriodEnd: null,
      graceUntil: null,
      endsAt: null,
      endedAt: at(T0),
      endReason: 'checkout_failed',
      stateAt: T0,
    });
    expect(await w.premium(c)).toEqual({ isPremium: false, premiumUntil: null });
  });

  it('checkout payment failed (async): the contract ends, outcome failed', async () => {
    const c = await w.checkout();
    expect(
      await w.send('checkout.session.completed', w.session(c, { payment_status: 'unpaid' }), T0),
    ).toEqual(received);
    expect(
      await w.send(
        'checkout.session.async_payment_failed',
        w.session(c, { payment_status: 'unpaid' }),
        T0 + DAY_S,
      ),
    ).toEqual(received);
    expect(await w.state(c)).toEqual({
      status: 'ended',
      checkoutOutcome: 'failed',
      providerSubscriptionId: c.subId,
      providerCustomerId: c.cusId,
      startedAt: null,
      currentPeriodEnd: null,
      graceUntil: null,
      endsAt: null,
      endedAt: at(T0 + DAY_S),
      endReason: 'checkout_failed',
      stateAt: T0 + DAY_S,
    });
  });

  it('expiry or a failed async payment reported for a running contract changes nothing', async () => {
    const c = await w.activeContract();
    const before = await w.state(c);
    expect(await w.send('checkout.session.expired', w.session(c), T0 + DAY_S)).toEqual(received);
    expect(await w.send('checkout.session.async_payment_failed', w.session(c), T0 + 2 * DAY_S)).toEqual(
      received,
    );
    expect(await w.state(c)).toEqual(before);
    expect((await w.premium(c))?.isPremium).toBe(true);
  });

  it('a payment reported after the checkout ended does not revive the contract; the payment is recorded as its outcome', async () => {
    const c = await w.checkout();
    expect(await w.send('checkout.session.expired', w.session(c, { payment_status: 'unpaid' }), T0)).toEqual(
      received,
    );
    expect(await w.send('checkout.session.async_payment_succeeded', w.session(c), T0 + 60)).toEqual(received);
    expect(await w.state(c)).toEqual({
      status: 'ended',
      checkoutOutcome: 'paid',
      providerSubscriptionId: c.subId,
      providerCustomerId: c.cusId,
      startedAt: null,
      currentPeriodEnd: null,
      graceUntil: null,
      endsAt: null,
      endedAt: at(T0),
      endReason: 'checkout_failed',
      stateAt: T0,
    });
    expect(await w.premium(c)).toEqual({ isPremium: false, premiumUntil: null });
  });
});
