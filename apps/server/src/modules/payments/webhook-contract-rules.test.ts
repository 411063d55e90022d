import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eraseMember } from '../../lifecycle/member-data-table.ts';
import { strongPassword } from '../../test/factories.ts';
import { call, createTestApp, type TestApp } from '../../test/test-app.ts';
import { inContractOrder } from './premium-rules.test-support.ts';
import { at, type Checkout, DAY_S, received, T0, webhookWorld } from './webhook.test-support.ts';

/**
 * Issue 14, POST /api/payments/webhook (webhook.ts): what paid and failed invoices and the provider's
 * subscription states do to the contract, the member's premium, the receipts and the mails. Every event
 * time is in 2030 (T0 = 15 January 2030, 09:00 UTC), so each expected moment and date is exact.
 */
const DAY_MS = 86_400_000;
/** 15 February 2030, 09:00 UTC: the end of a one-month contract paid at T0. */
const FEB_15 = new Date(Date.UTC(2030, 1, 15, 9, 0, 0));

let t: TestApp;
let w: ReturnType<typeof webhookWorld>;
beforeAll(async () => {
  t = await createTestApp({}, { RATE_LIMIT_FACTOR: '100' });
  w = webhookWorld(t);
});
afterAll(() => t.close());

/** The contract mails (order, receipt, failed payment) a member got, in contract order (inContractOrder). */
const contractMails = async (c: Checkout) =>
  inContractOrder((await w.mails(c)).filter((m) => /Bestellung|Quittung|Zahlung/.test(m.subject)));
const orderSubject = (c: Checkout) => `Trostnetz: Deine Bestellung von Premium (${c.reference})`;
const receiptSubject = (number: string, amount: string) =>
  `Trostnetz: Quittung ${number} über ${amount}\u00a0€`;
const failedSubject = 'Trostnetz: Deine Zahlung für Premium hat nicht geklappt';
/** Mail text with its line breaks undone, to look for a sentence. */
const flat = (text: string) => text.replace(/\s+/g, ' ');

describe('invoice.paid: a receipt for each payment, the period it pays for, the mails', () => {
  it('the first payment: a receipt for the amount paid, the period runs to the latest line’s end; the order confirmation is dated from the start, the receipt from the payment', async () => {
    const c = await w.activeContract();
    const paidAt = T0 + 2 * DAY_S;
    const inv = w.paidInvoice(
      c,
      { periodEnd: T0 + 32 * DAY_S, paidAt, amount: 599 },
      {
        billing_reason: 'subscription_create',
        payment_intent: 'pi_first_1',
        lines: {
          data: [
            { description: 'Rabatt' },
            { period: { start: T0, end: T0 + 32 * DAY_S } },
            { period: { start: T0, end: T0 + 20 * DAY_S } },
          ],
        },
      },
    );
    expect(await w.send('invoice.paid', inv, paidAt)).toEqual(received);
    const [receipt, ...more] = await w.receipts(c);
    expect(more).toEqual([]);
    expect(receipt).toEqual({
      id: expect.any(Number),
      number: expect.stringMatching(/^Q-[A-Z2-9]{4}-[A-Z2-9]{4}$/),
      subscriptionId: c.id,
      providerInvoiceId: inv.id,
      providerPaymentId: 'pi_first_1',
      amountCents: 599,
      paidAt: at(paidAt),
      periodEnd: at(T0 + 32 * DAY_S),
    });
    expect(await w.state(c)).toEqual({
      status: 'active',
      checkoutOutcome: 'paid',
      providerSubscriptionId: c.subId,
      providerCustomerId: c.cusId,
      startedAt: at(T0),
      currentPeriodEnd: at(T0 + 32 * DAY_S),
      graceUntil: null,
      endsAt: null,
      endedAt: null,
      endReason: null,
      stateAt: paidAt,
    });
    expect(await w.premium(c)).toEqual({ isPremium: true, premiumUntil: at(T0 + 33 * DAY_S) });
    const [order, receiptMail, ...others] = await contractMails(c);
    expect(others).toEqual([]);
    expect(order!.subject).toBe(orderSubject(c));
    expect(flat(order!.text)).toContain('Beginn: 15. Januar 2030 (auf deinen Wunsch sofort)');
    expect(flat(order!.text)).toContain('zum ersten Mal zum 16. Februar 2030.');
    expect(receiptMail!.subject).toBe(receiptSubject(receipt!.number, '5,99'));
    expect(flat(receiptMail!.text)).toContain(
      'bezahlt am 17. Januar 2030. Premium läuft bis 16. Februar 2030.',
    );
  });

  it('a renewal: the period extends, the start stays; only a receipt is mailed, no second order confirmation', async () => {
    const c = await w.activeContract();
    expect(
      await w.send('invoice.paid', w.paidInvoice(c, { periodEnd: T0 + 31 * DAY_S, paidAt: T0 }), T0),
    ).toEqual(received);
    const renewedAt = T0 + 31 * DAY_S;
    expect(
      await w.send(
        'invoice.paid',
        w.paidInvoice(c, { periodEnd: T0 + 59 * DAY_S, paidAt: renewedAt }),
        renewedAt,
      ),
    ).toEqual(received);
    expect(await w.state(c)).toMatchObject({
      status: 'active',
      startedAt: at(T0),
      currentPeriodEnd: at(T0 + 59 * DAY_S),
      stateAt: renewedAt,
    });
    const numbers = (await w.receipts(c)).map((r) => r.number);
    expect((await contractMails(c)).map((m) => m.subject)).toEqual([
      orderSubject(c),
      receiptSubject(numbers[0]!, '6,99'),
      receiptSubject(numbers[1]!, '6,99'),
    ]);
  });

  it('an invoice for an earlier period never shortens the contract', async () => {
    const c = await w.activeContract('premium-3m');
    const aprilEnd = new Date(Date.UTC(2030, 3, 15, 9, 0, 0));
    const inv = w.paidInvoice(c, { periodEnd: T0 + 10 * DAY_S, paidAt: T0 + DAY_S, amount: 1797 });
    expect(await w.send('invoice.paid', inv, T0 + DAY_S)).toEqual(received);
    expect((await w.state(c)).currentPeriodEnd).toEqual(aprilEnd);
    expect((await w.receipts(c)).map((r) => r.periodEnd)).toEqual([at(T0 + 10 * DAY_S)]);
  });

  it('an invoice without lines or payment time: the receipt has no period end and is paid at the event’s time; the contract’s period stays', async () => {
    const c = await w.activeContract();
    const { lines: _l, status_transitions: _s, ...bare } = w.paidInvoice(c, { periodEnd: 0, paidAt: 0 });
    expect(await w.send('invoice.paid', bare, T0 + 5 * DAY_S)).toEqual(received);
    expect(await w.receipts(c)).toMatchObject([
      { paidAt: at(T0 + 5 * DAY_S), periodEnd: null, amountCents: 699 },
    ]);
    expect(await w.state(c)).toMatchObject({ currentPeriodEnd: FEB_15, stateAt: T0 + 5 * DAY_S });
  });

  it('the same invoice in a second event: still one receipt and one receipt mail', async () => {
    const c = await w.activeContract();
    const inv = w.paidInvoice(c, { periodEnd: T0 + 31 * DAY_S, paidAt: T0 });
    expect(await w.send('invoice.paid', inv, T0)).toEqual(received);
    expect(await w.send('invoice.paid', inv, T0 + 1)).toEqual(received);
    expect(await w.receipts(c)).toHaveLength(1);
    expect((await contractMails(c)).filter((m) => m.subject.includes('Quittung'))).toHaveLength(1);
  });

  it('an invoice paid for a contract that already ended: the receipt is kept and mailed without a premium end, the contract stays ended, no premium', async () => {
    const c = await w.activeContract();
    const ended = w.subscription(c, T0 + 31 * DAY_S, { status: 'canceled', ended_at: T0 + 5 * DAY_S });
    expect(await w.send('customer.subscription.deleted', ended, T0 + 5 * DAY_S)).toEqual(received);
    const before = await w.state(c);
    const inv = w.paidInvoice(c, { periodEnd: T0 + 61 * DAY_S, paidAt: T0 + 6 * DAY_S });
    expect(await w.send('invoice.paid', inv, T0 + 6 * DAY_S)).toEqual(received);
    expect(await w.state(c)).toEqual(before);
    expect(before).toMatchObject({ status: 'ended', currentPeriodEnd: FEB_15 });
    expect(await w.receipts(c)).toHaveLength(1);
    expect(await w.premium(c)).toEqual({ isPremium: false, premiumUntil: null });
    const [receipt] = await w.receipts(c);
    const mails = await contractMails(c);
    expect(mails.map((m) => m.subject)).toEqual([orderSubject(c), receiptSubject(receipt!.number, '6,99')]);
    expect(flat(mails[1]!.text)).toContain(
      `Quittung ${receipt!.number}: 6,99 € inkl. 1,12 € MwSt. (19 %) für Trostnetz Premium, 1 Monat(e), ` +
        'bezahlt am 21. Januar 2030. Dein Vertrag ist beendet, diese Zahlung verlängert Premium nicht. ' +
        'Fragen dazu beantworten wir dir unter kontakt@trostnetz.example. ' +
        'Alle Quittungen: http://localhost:3000/settings#subscription',
    );
    expect(flat(mails[1]!.text)).not.toContain('Premium läuft bis');
  });

  it('a member whose data was erased: payments and failures are still recorded for the books, but nobody is mailed', async () => {
    const c = await w.activeContract();
    await eraseMember(t.app.ctx, c.member.id);
    expect(
      await w.send('invoice.paid', w.paidInvoice(c, { periodEnd: T0 + 31 * DAY_S, paidAt: T0 }), T0),
    ).toEqual(received);
    expect(await w.receipts(c)).toHaveLength(1);
    const failed = w.paidInvoice(c, { periodEnd: T0 + 59 * DAY_S, paidAt: T0 + 31 * DAY_S, amount: 0 });
    expect(await w.send('invoice.payment_failed', failed, T0 + 31 * DAY_S)).toEqual(received);
    expect(await w.state(c)).toMatchObject({ status: 'past_due', graceUntil: at(T0 + 38 * DAY_S) });
    expect(await contractMails(c)).toEqual([]);
  });
});

describe('invoice.payment_failed: a failed renewal gives 7 days’ grace, once', () => {
  it('a failed renewal: past due, premium kept exactly 7 days from the failure, the member told until when; a second failed attempt changes nothing', async () => {
    const c = await w.activeContract();
    const failedAt = T0 + 31 * DAY_S;
    const failed = w.paidInvoice(c, { periodEnd: T0 + 59 * DAY_S, paidAt: failedAt, amount: 0 });
    expect(await w.send('invoice.payment_failed', failed, failedAt)).toEqual(received);
    const pastDue = {
      status: 'past_due',
      checkoutOutcome: 'paid',
      providerSubscriptionId: c.subId,
      providerCustomerId: c.cusId,
      startedAt: at(T0),
      currentPeriodEnd: FEB_15,
      graceUntil: at(failedAt + 7 * DAY_S),
      endsAt: null,
      endedAt: null,
      endReason: null,
      stateAt: failedAt,
    };
    expect(await w.state(c)).toEqual(pastDue);
    expect(await w.premium(c)).toEqual({ isPremium: true, premiumUntil: at(failedAt + 7 * DAY_S) });
    const retry = { ...failed, id: `in_retry_${w.uniq()}` };
    expect(await w.send('invoice.payment_failed', retry, failedAt + 3 * DAY_S)).toEqual(received);
    expect(await w.state(c)).toEqual(pastDue);
    const mails = await contractMails(c);
    expect(mails.map((m) => m.subject)).toEqual([failedSubject]);
    expect(flat(mails[0]!.text)).toContain('Premium bleibt bis 22. Februar 2030 bestehen');
  });

  it('a failure older than the state already applied is ignored', async () => {
    const c = await w.activeContract();
    const renewedAt = T0 + 31 * DAY_S;
    const renewal = w.paidInvoice(c, { periodEnd: T0 + 59 * DAY_S, paidAt: renewedAt });
    expect(await w.send('invoice.paid', renewal, renewedAt)).toEqual(received);
    const before = await w.state(c);
    const failed = w.paidInvoice(c, { periodEnd: T0 + 59 * DAY_S, paidAt: renewedAt - DAY_S, amount: 0 });
    expect(await w.send('invoice.payment_failed', failed, renewedAt - DAY_S)).toEqual(received);
    expect(await w.state(c)).toEqual(before);
    expect(before).toMatchObject({ status: 'active', graceUntil: null, stateAt: renewedAt });
    expect((await contractMails(c)).filter((m) => m.subject === failedSubject)).toEqual([]);
  });

  it('the checkout’s own first invoice failing, or a failure for a contract not running, is no renewal failure: nothing changes', async () => {
    const c = await w.activeContract();
    const before = await w.state(c);
    const first = w.paidInvoice(
      c,
      { periodEnd: T0 + 31 * DAY_S, paidAt: T0 + 60, amount: 0 },
      { billing_reason: 'subscription_create' },
    );
    expect(await w.send('invoice.payment_failed', first, T0 + 60)).toEqual(received);
    expect(await w.state(c)).toEqual(before);
    const p = await w.checkout();
    const failed = w.paidInvoice(p, { periodEnd: T0 + 31 * DAY_S, paidAt: T0, amount: 0 });
    expect(await w.send('invoice.payment_failed', failed, T0)).toEqual(received);
    expect((await w.state(p)).status).toBe('pending');
    expect([...(await contractMails(c)), ...(await contractMails(p))]).toEqual([]);
  });
});

describe('customer.subscription.*: the provider’s subscription state applied to the contract', () => {
  it('created, running, for a pending contract (found by its reference): it starts at the event’s time with the provider’s period end', async () => {
    const c = await w.checkout();
    expect(
      await w.send('customer.subscription.created', w.subscription(c, T0 + 31 * DAY_S), T0 + 60),
    ).toEqual(received);
    expect(await w.state(c)).toEqual({
      status: 'active',
      checkoutOutcome: null,
      providerSubscriptionId: null,
      providerCustomerId: null,
      startedAt: at(T0 + 60),
      currentPeriodEnd: at(T0 + 31 * DAY_S),
      graceUntil: null,
      endsAt: null,
      endedAt: null,
      endReason: null,
      stateAt: T0 + 60,
    });
    expect(await w.premium(c)).toEqual({ isPremium: true, premiumUntil: at(T0 + 32 * DAY_S) });
  });

  it('updated: a new period end; cancelled at the period end it ends then; a cancel date wins; resumed it renews again; the start stays', async () => {
    const c = await w.activeContract();
    const end = T0 + 59 * DAY_S;
    expect(await w.send('customer.subscription.updated', w.subscription(c, end), T0 + 31 * DAY_S)).toEqual(
      received,
    );
    expect(await w.state(c)).toMatchObject({
      status: 'active',
      startedAt: at(T0),
      currentPeriodEnd: at(end),
      endsAt: null,
      stateAt: T0 + 31 * DAY_S,
    });
    expect(await w.premium(c)).toEqual({ isPremium: true, premiumUntil: at(end + DAY_S) });
    const atPeriodEnd = w.subscription(c, end, { cancel_at_period_end: true });
    expect(await w.send('customer.subscription.updated', atPeriodEnd, T0 + 32 * DAY_S)).toEqual(received);
    expect(await w.state(c)).toMatchObject({ currentPeriodEnd: at(end), endsAt: at(end) });
    expect(await w.premium(c)).toEqual({ isPremium: true, premiumUntil: at(end) });
    const onDate = w.subscription(c, end, { cancel_at: T0 + 45 * DAY_S, cancel_at_period_end: false });
    expect(await w.send('customer.subscription.updated', onDate, T0 + 33 * DAY_S)).toEqual(received);
    expect(await w.state(c)).toMatchObject({ endsAt: at(T0 + 45 * DAY_S) });
    expect(await w.premium(c)).toEqual({ isPremium: true, premiumUntil: at(T0 + 45 * DAY_S) });
    expect(await w.send('customer.subscription.updated', w.subscription(c, end), T0 + 34 * DAY_S)).toEqual(
      received,
    );
    expect(await w.state(c)).toEqual({
      status: 'active',
      checkoutOutcome: 'paid',
      providerSubscriptionId: c.subId,
      providerCustomerId: c.cusId,
      startedAt: at(T0),
      currentPeriodEnd: at(end),
      graceUntil: null,
      endsAt: null,
      endedAt: null,
      endReason: null,
      stateAt: T0 + 34 * DAY_S,
    });
    expect(await w.premium(c)).toEqual({ isPremium: true, premiumUntil: at(end + DAY_S) });
  });

  it('older API shape: the period end at the top of the subscription; with none at all the stored one stays', async () => {
    const c = await w.activeContract();
    const topLevel = w.subscription(c, 0, { items: { data: [] }, current_period_end: T0 + 59 * DAY_S });
    expect(await w.send('customer.subscription.updated', topLevel, T0 + DAY_S)).toEqual(received);
    expect((await w.state(c)).currentPeriodEnd).toEqual(at(T0 + 59 * DAY_S));
    const none = w.subscription(c, 0, { items: { data: [] }, cancel_at_period_end: true });
    expect(await w.send('customer.subscription.updated', none, T0 + 2 * DAY_S)).toEqual(received);
    expect(await w.state(c)).toMatchObject({
      currentPeriodEnd: at(T0 + 59 * DAY_S),
      endsAt: at(T0 + 59 * DAY_S),
      stateAt: T0 + 2 * DAY_S,
    });
  });

  it('trialing counts as running', async () => {
    const c = await w.checkout();
    const trial = w.subscription(c, T0 + 14 * DAY_S, { status: 'trialing' });
    expect(await w.send('customer.subscription.created', trial, T0)).toEqual(received);
    expect(await w.state(c)).toMatchObject({
      status: 'active',
      startedAt: at(T0),
      currentPeriodEnd: at(T0 + 14 * DAY_S),
      stateAt: T0,
    });
  });

  it('states that are neither running, past due nor ended (incomplete, paused) change nothing', async () => {
    const p = await w.checkout();
    const incomplete = w.subscription(p, T0 + 31 * DAY_S, { status: 'incomplete' });
    expect(await w.send('customer.subscription.created', incomplete, T0)).toEqual(received);
    expect(await w.state(p)).toMatchObject({
      status: 'pending',
      startedAt: null,
      currentPeriodEnd: null,
      stateAt: 0,
    });
    const c = await w.activeContract();
    const before = await w.state(c);
    const paused = w.subscription(c, T0 + 59 * DAY_S, { status: 'paused' });
    expect(await w.send('customer.subscription.updated', paused, T0 + DAY_S)).toEqual(received);
    expect(await w.state(c)).toEqual(before);
  });

  it('past due at the provider: 7 days’ grace from the event; unpaid later keeps that grace; running again clears it', async () => {
    const c = await w.activeContract();
    const end = T0 + 59 * DAY_S;
    const dueAt = T0 + 31 * DAY_S;
    const pastDue = w.subscription(c, end, { status: 'past_due' });
    expect(await w.send('customer.subscription.updated', pastDue, dueAt)).toEqual(received);
    const expected = {
      status: 'past_due',
      checkoutOutcome: 'paid',
      providerSubscriptionId: c.subId,
      providerCustomerId: c.cusId,
      startedAt: at(T0),
      currentPeriodEnd: at(end),
      graceUntil: at(dueAt + 7 * DAY_S),
      endsAt: null,
      endedAt: null,
      endReason: null,
      stateAt: dueAt,
    };
    expect(await w.state(c)).toEqual(expected);
    expect(await w.premium(c)).toEqual({ isPremium: true, premiumUntil: at(dueAt + 7 * DAY_S) });
    const unpaid = w.subscription(c, end, { status: 'unpaid', cancel_at_period_end: true });
    expect(await w.send('customer.subscription.updated', unpaid, dueAt + 2 * DAY_S)).toEqual(received);
    expect(await w.state(c)).toEqual({ ...expected, endsAt: at(end), stateAt: dueAt + 2 * DAY_S });
    expect(await w.send('customer.subscription.updated', w.subscription(c, end), dueAt + 3 * DAY_S)).toEqual(
      received,
    );
    expect(await w.state(c)).toMatchObject({ status: 'active', graceUntil: null, endsAt: null });
  });

  it('unpaid at the provider for a running contract: past due with 7 days’ grace', async () => {
    const c = await w.activeContract();
    const unpaid = w.subscription(c, T0 + 31 * DAY_S, { status: 'unpaid' });
    expect(await w.send('customer.subscription.updated', unpaid, T0 + 31 * DAY_S)).toEqual(received);
    expect(await w.state(c)).toMatchObject({
      status: 'past_due',
      graceUntil: at(T0 + 38 * DAY_S),
      stateAt: T0 + 31 * DAY_S,
    });
  });

  it('deleted: the contract ends when the provider ended it, reason cancelled, premium ends', async () => {
    const c = await w.activeContract();
    const deleted = w.subscription(c, T0 + 31 * DAY_S, { status: 'canceled', ended_at: T0 + 9 * DAY_S });
    expect(await w.send('customer.subscription.deleted', deleted, T0 + 10 * DAY_S)).toEqual(received);
    expect(await w.state(c)).toEqual({
      status: 'ended',
      checkoutOutcome: 'paid',
      providerSubscriptionId: c.subId,
      providerCustomerId: c.cusId,
      startedAt: at(T0),
      currentPeriodEnd: FEB_15,
      graceUntil: null,
      endsAt: null,
      endedAt: at(T0 + 9 * DAY_S),
      endReason: 'cancelled',
      stateAt: T0 + 10 * DAY_S,
    });
    expect(await w.premium(c)).toEqual({ isPremium: false, premiumUntil: null });
  });

  it('deleted ends the contract whatever status its object shows; without an end time it ended at the event’s time', async () => {
    const c = await w.activeContract();
    const deleted = w.subscription(c, T0 + 31 * DAY_S, { status: 'active' });
    expect(await w.send('customer.subscription.deleted', deleted, T0 + 3 * DAY_S)).toEqual(received);
    expect(await w.state(c)).toMatchObject({
      status: 'ended',
      endedAt: at(T0 + 3 * DAY_S),
      endReason: 'cancelled',
      stateAt: T0 + 3 * DAY_S,
    });
  });

  it('updated to canceled or incomplete_expired ends the contract too', async () => {
    for (const status of ['canceled', 'incomplete_expired']) {
      const c = await w.activeContract();
      const sub = w.subscription(c, T0 + 31 * DAY_S, { status });
      expect(await w.send('customer.subscription.updated', sub, T0 + DAY_S)).toEqual(received);
      expect(await w.state(c)).toMatchObject({
        status: 'ended',
        endedAt: at(T0 + DAY_S),
        endReason: 'cancelled',
      });
    }
  });

  it('deleted after a failed payment: the reason is the failed payment', async () => {
    const c = await w.activeContract();
    const failed = w.paidInvoice(c, { periodEnd: T0 + 59 * DAY_S, paidAt: T0 + 31 * DAY_S, amount: 0 });
    expect(await w.send('invoice.payment_failed', failed, T0 + 31 * DAY_S)).toEqual(received);
    const deleted = w.subscription(c, T0 + 31 * DAY_S, { status: 'canceled', ended_at: T0 + 38 * DAY_S });
    expect(await w.send('customer.subscription.deleted', deleted, T0 + 38 * DAY_S)).toEqual(received);
    expect(await w.state(c)).toMatchObject({
      status: 'ended',
      graceUntil: at(T0 + 38 * DAY_S),
      endedAt: at(T0 + 38 * DAY_S),
      endReason: 'payment_failed',
    });
  });

  it('deleted after the account was deleted: the reason stays the account’s deletion', async () => {
    const c = await w.activeContract();
    const del = await call(t, 'POST', '/api/user/delete', {
      token: c.member.token,
      body: { password: strongPassword },
    });
    expect(del.status).toBeLessThan(300);
    expect(await w.state(c)).toMatchObject({
      status: 'active',
      endsAt: FEB_15,
      endReason: 'account_deleted',
    });
    const deleted = w.subscription(c, T0 + 31 * DAY_S, { status: 'canceled', ended_at: T0 + 31 * DAY_S });
    expect(await w.send('customer.subscription.deleted', deleted, T0 + 31 * DAY_S)).toEqual(received);
    expect(await w.state(c)).toMatchObject({
      status: 'ended',
      endedAt: at(T0 + 31 * DAY_S),
      endReason: 'account_deleted',
    });
  });

  it('a contract that already ended (its checkout failed) keeps its end when the provider deletes the subscription', async () => {
    const c = await w.checkout();
    const unpaid = w.session(c, { payment_status: 'unpaid' });
    expect(await w.send('checkout.session.completed', unpaid, T0)).toEqual(received);
    expect(await w.send('checkout.session.async_payment_failed', unpaid, T0 + DAY_S)).toEqual(received);
    const before = await w.state(c);
    expect(before).toMatchObject({ status: 'ended', endedAt: at(T0 + DAY_S), endReason: 'checkout_failed' });
    const expired = w.subscription(c, T0 + 31 * DAY_S, {
      status: 'incomplete_expired',
      ended_at: T0 + 2 * DAY_S,
    });
    expect(await w.send('customer.subscription.deleted', expired, T0 + 2 * DAY_S)).toEqual(received);
    expect(await w.state(c)).toEqual(before);
  });

  it('an ended contract is never revived by a later running state', async () => {
    const c = await w.activeContract();
    const deleted = w.subscription(c, T0 + 31 * DAY_S, { status: 'canceled', ended_at: T0 + 5 * DAY_S });
    expect(await w.send('customer.subscription.deleted', deleted, T0 + 5 * DAY_S)).toEqual(received);
    const before = await w.state(c);
    const running = w.subscription(c, T0 + 59 * DAY_S);
    expect(await w.send('customer.subscription.updated', running, T0 + 6 * DAY_S)).toEqual(received);
    const pastDue = w.subscription(c, T0 + 59 * DAY_S, { status: 'past_due' });
    expect(await w.send('customer.subscription.updated', pastDue, T0 + 7 * DAY_S)).toEqual(received);
    expect(await w.state(c)).toEqual(before);
    expect(await w.premium(c)).toEqual({ isPremium: false, premiumUntil: null });
  });

  it('a subscription state older than the one applied is not applied', async () => {
    const c = await w.activeContract('premium-1m', T0 + DAY_S);
    const before = await w.state(c);
    const older = w.subscription(c, T0 + 31 * DAY_S, { status: 'past_due' });
    expect(await w.send('customer.subscription.updated', older, T0)).toEqual(received);
    expect(await w.state(c)).toEqual(before);
    expect(await w.premium(c)).toEqual({
      isPremium: true,
      premiumUntil: new Date(before.currentPeriodEnd!.getTime() + DAY_MS),
    });
  });
});
