import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { contractDeclarations, payments, subscriptions } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { eraseMember, exportMember } from '../../lifecycle/member-data-table.ts';
import { type MemberTokens, onboardMember, registerMember, strongPassword } from '../../test/factories.ts';
import { call, createTestApp, outbox, type TestApp } from '../../test/test-app.ts';
import { confirmByMail, isConfirmLink } from './premium-rules.test-support.ts';
import { deliver, invoice, type SignOptions, signedEvent as signEvent } from './webhook.test-support.ts';

const DAY = 86_400_000;
const stripe = new Stripe('sk_test_signing_only');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { RATE_LIMIT_FACTOR: '100' });
});
afterAll(() => t.close());

const userRow = async (app: TestApp, id: number) =>
  (await app.app.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;
const subsOf = async (app: TestApp, id: number) =>
  app.app.ctx.db.select().from(subscriptions).where(eq(subscriptions.userId, id));
const profile = async (app: TestApp, m: MemberTokens) =>
  (await call(app, 'GET', '/api/profile/init', { token: m.token })).json as { is_premium: boolean };

/** Checkout with the built-in test provider and the outcome chosen on its page. */
async function buyWithTestProvider(
  m: MemberTokens,
  outcome: 'success' | 'failure' | 'abort' = 'success',
  planId = 'premium-1m',
) {
  const started = await call(t, 'POST', '/api/payments/checkout', {
    token: m.token,
    body: { plan_id: planId, immediate_start: true },
  });
  expect(started.status).toBe(200);
  const session = String(started.json.session_id);
  expect(started.json.url).toBe(`/checkout/test-provider/${session}`);
  const done = await call(t, 'POST', `/api/payments/test-provider/${session}`, {
    token: m.token,
    body: { outcome },
  });
  expect(done.status).toBe(200);
  return { session, next: String(done.json.url) };
}

/** A Stripe-shaped event signed with this file's app's webhook secret (webhook.test-support.ts). */
const signedEvent = (type: string, object: Record<string, unknown>, opts: SignOptions = {}) =>
  signEvent(t, type, object, opts);

describe('issue 14 plans: GET /api/payments/plans', () => {
  it('plans as data: 1, 3 and 6 months in euro cents incl. VAT, per month and in total', async () => {
    const res = await call(t, 'GET', '/api/payments/plans');
    expect(res.status).toBe(200);
    expect(res.json).toEqual([
      { id: 'premium-1m', months: 1, currency: 'eur', total_cents: 699, per_month_cents: 699 },
      { id: 'premium-3m', months: 3, currency: 'eur', total_cents: 1797, per_month_cents: 599 },
      { id: 'premium-6m', months: 6, currency: 'eur', total_cents: 2994, per_month_cents: 499 },
    ]);
  });
});

describe('issue 14 checkout: POST /api/payments/checkout', () => {
  it('needs an account (guests register in the checkout), the § 356 (4) request and a bookable plan; an unverified member may pay', async () => {
    const guest = await call(t, 'POST', '/api/payments/checkout', {
      body: { plan_id: 'premium-1m', immediate_start: true },
    });
    expect(guest.status).toBe(401);
    const unverified = await registerMember(t);
    const noConsent = await call(t, 'POST', '/api/payments/checkout', {
      token: unverified.token,
      body: { plan_id: 'premium-1m' },
    });
    expect(noConsent.status).toBe(422);
    expect(noConsent.json.errors).toEqual({
      immediate_start: [
        'Bitte bestätige, dass Premium sofort beginnen soll und dein Widerrufsrecht damit vorzeitig erlöschen kann.',
      ],
    });
    const unknown = await call(t, 'POST', '/api/payments/checkout', {
      token: unverified.token,
      body: { plan_id: 'premium-99m', immediate_start: true },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.json.code).toBe('plan_unavailable');
    const { next } = await buyWithTestProvider(unverified);
    expect(next).toContain('/checkout-succeeded?session_id=cs_test_');
    expect((await profile(t, unverified)).is_premium).toBe(true);
  });

  it('test provider success: confirming → premium, live PremiumChanged, order confirmation with withdrawal information and a receipt', async () => {
    const m = await onboardMember(t);
    const live = vi.spyOn(t.app.ctx.broadcaster, 'toMember');
    const started = await call(t, 'POST', '/api/payments/checkout', {
      token: m.token,
      body: { plan_id: 'premium-3m', immediate_start: true },
    });
    const session = String(started.json.session_id);
    const before = await call(t, 'GET', `/api/payments/checkout-state?session_id=${session}`, {
      token: m.token,
    });
    expect(before.json).toEqual({ state: 'confirming', is_premium: false });
    const page = await call(t, 'GET', `/api/payments/test-provider/${session}`, { token: m.token });
    expect(page.json).toMatchObject({ state: 'open', plan: { id: 'premium-3m', total_cents: 1797 } });
    await call(t, 'POST', `/api/payments/test-provider/${session}`, {
      token: m.token,
      body: { outcome: 'success' },
    });
    const after = await call(t, 'GET', `/api/payments/checkout-state?session_id=${session}`, {
      token: m.token,
    });
    expect(after.json).toEqual({ state: 'premium', is_premium: true });
    expect(live).toHaveBeenCalledWith(
      m.id,
      'premium_changed',
      'PremiumChanged',
      expect.objectContaining({ is_premium: true }),
    );
    live.mockRestore();
    const row = await userRow(t, m.id);
    const [sub] = await subsOf(t, m.id);
    expect(sub!.status).toBe('active');
    expect(row.premiumUntil!.getTime()).toBe(sub!.currentPeriodEnd!.getTime() + DAY);
    const suggestions = await call(t, 'GET', '/api/user/matching/suggestions', { token: m.token });
    expect(suggestions.json.limit).toBe(10);
    const mine = (await outbox(t)).filter((x) => x.to.includes(m.email));
    const order = mine.find(
      (x) => x.subject === `Trostnetz: Deine Bestellung von Premium (${sub!.reference})`,
    )!;
    expect(order.text).toContain('17,97');
    expect(order.text).toContain('Widerrufsbelehrung');
    expect(order.text).toContain('http://localhost:3000/conditions');
    expect(mine.some((x) => /^Trostnetz: Quittung Q-/.test(x.subject))).toBe(true);
    const view = await call(t, 'GET', '/api/payments/subscription', { token: m.token });
    expect(view.json).toMatchObject({
      is_premium: true,
      subscription: { status: 'active', plan: { months: 3 } },
    });
    expect((view.json.receipts as unknown[]).length).toBe(1);
  });

  it('test provider failure and abort: never premium, the page says so; abort goes back to the plan', async () => {
    const a = await onboardMember(t);
    const failed = await buyWithTestProvider(a, 'failure');
    const state = await call(t, 'GET', `/api/payments/checkout-state?session_id=${failed.session}`, {
      token: a.token,
    });
    expect(state.json).toEqual({ state: 'failed', is_premium: false });
    const b = await onboardMember(t);
    const aborted = await buyWithTestProvider(b, 'abort', 'premium-6m');
    expect(aborted.next).toBe('/checkout/premium-6m');
    expect((await profile(t, a)).is_premium).toBe(false);
    expect((await profile(t, b)).is_premium).toBe(false);
    expect(
      await t.app.ctx.db
        .select()
        .from(payments)
        .where(eq(payments.subscriptionId, (await subsOf(t, a.id))[0]!.id)),
    ).toEqual([]);
  });

  it('a member already premium (or a super admin) cannot start another checkout', async () => {
    const m = await onboardMember(t);
    await buyWithTestProvider(m);
    const again = await call(t, 'POST', '/api/payments/checkout', {
      token: m.token,
      body: { plan_id: 'premium-1m', immediate_start: true },
    });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('already_premium');
  });
});

describe('issue 14 webhook: signature, idempotency, order', () => {
  it('forged, stale or missing signatures are refused with 400 and change nothing', async () => {
    const body = { id: 'cs_x', object: 'checkout.session', payment_status: 'paid' };
    const forged = await deliver(
      t,
      signedEvent('checkout.session.completed', body, { secret: 'whsec_forged' }),
    );
    expect(forged.statusCode).toBe(400);
    expect(forged.json().code).toBe('invalid_signature');
    const stale = await deliver(
      t,
      signedEvent('checkout.session.completed', body, { timestamp: Math.floor(Date.now() / 1000) - 600 }),
    );
    expect(stale.statusCode).toBe(400);
    const e = signedEvent('checkout.session.completed', body);
    const tampered = await deliver(t, { payload: e.payload.replace('paid', 'PAID'), header: e.header });
    expect(tampered.statusCode).toBe(400);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: e.payload,
      headers: { 'content-type': 'application/json' },
    });
    expect(none.statusCode).toBe(400);
    // Within the tolerance and about no contract of ours: accepted and ignored.
    expect((await deliver(t, e)).statusCode).toBe(200);
  });

  it('the same event twice: one receipt, one mail, no second change', async () => {
    const m = await onboardMember(t);
    await buyWithTestProvider(m);
    const [sub] = await subsOf(t, m.id);
    const next = new Date(sub!.currentPeriodEnd!.getTime() + 30 * DAY);
    const e = signedEvent('invoice.paid', invoice(sub!, next), { id: 'evt_twice_1' });
    expect((await deliver(t, e)).statusCode).toBe(200);
    expect((await deliver(t, e)).statusCode).toBe(200);
    const receipts = await t.app.ctx.db.select().from(payments).where(eq(payments.subscriptionId, sub!.id));
    expect(receipts).toHaveLength(2);
    const mails = (await outbox(t)).filter((x) => x.to.includes(m.email) && x.subject.includes('Quittung'));
    expect(mails).toHaveLength(2);
  });

  it('out of order: an older subscription state arriving after a newer payment does not undo it', async () => {
    const m = await onboardMember(t);
    await buyWithTestProvider(m);
    const [sub] = await subsOf(t, m.id);
    const now = Math.floor(Date.now() / 1000);
    const renewedTo = new Date(sub!.currentPeriodEnd!.getTime() + 30 * DAY);
    expect(
      (await deliver(t, signedEvent('invoice.paid', invoice(sub!, renewedTo), { created: now + 60 })))
        .statusCode,
    ).toBe(200);
    const older = signedEvent(
      'customer.subscription.updated',
      {
        id: sub!.providerSubscriptionId,
        object: 'subscription',
        status: 'past_due',
        metadata: { reference: sub!.reference },
        items: { data: [{ current_period_end: Math.floor(sub!.currentPeriodEnd!.getTime() / 1000) }] },
      },
      { created: now + 30 },
    );
    expect((await deliver(t, older)).statusCode).toBe(200);
    const [after] = await subsOf(t, m.id);
    expect(after!.status).toBe('active');
    expect(after!.currentPeriodEnd!.getTime()).toBe(Math.floor(renewedTo.getTime() / 1000) * 1000);
    expect((await profile(t, m)).is_premium).toBe(true);
  });

  it('an event about a contract whose checkout event has not arrived yet is answered 409 (delivered again later)', async () => {
    const early = signedEvent(
      'invoice.paid',
      invoice({ reference: '', providerSubscriptionId: 'sub_unknown_yet' }, new Date(), {
        parent: { subscription_details: { subscription: 'sub_unknown_yet' } },
      }),
    );
    expect((await deliver(t, early)).statusCode).toBe(409);
  });
});

describe('issue 14 renewal, failed payment and expiry (durable jobs)', () => {
  it('renewal: at the period end the test provider charges the next period; a new receipt, premium goes on', async () => {
    const m = await onboardMember(t);
    await buyWithTestProvider(m);
    const [sub] = await subsOf(t, m.id);
    const due = new Date(Date.now() - 60_000);
    await t.app.ctx.db
      .update(subscriptions)
      .set({ currentPeriodEnd: due })
      .where(eq(subscriptions.id, sub!.id));
    await t.app.ctx.jobs.send('payments-renew', {});
    await t.app.ctx.jobs.drain();
    const [renewed] = await subsOf(t, m.id);
    expect(renewed!.currentPeriodEnd!.getTime()).toBeGreaterThan(Date.now() + 27 * DAY);
    expect(
      await t.app.ctx.db.select().from(payments).where(eq(payments.subscriptionId, sub!.id)),
    ).toHaveLength(2);
    expect((await profile(t, m)).is_premium).toBe(true);
  });

  it('failed payment: premium kept for the 7-day grace period, the member told by mail; after it premium ends', async () => {
    const m = await onboardMember(t);
    await buyWithTestProvider(m);
    const [sub] = await subsOf(t, m.id);
    const failed = signedEvent(
      'invoice.payment_failed',
      invoice(sub!, sub!.currentPeriodEnd!, { amount_paid: 0 }),
    );
    expect((await deliver(t, failed)).statusCode).toBe(200);
    const [pastDue] = await subsOf(t, m.id);
    expect(pastDue!.status).toBe('past_due');
    expect(pastDue!.graceUntil!.getTime()).toBeGreaterThan(Date.now() + 6.9 * DAY);
    expect((await userRow(t, m.id)).premiumUntil!.getTime()).toBe(pastDue!.graceUntil!.getTime());
    expect((await profile(t, m)).is_premium).toBe(true);
    const notice = (await outbox(t)).find(
      (x) => x.to.includes(m.email) && x.subject.includes('hat nicht geklappt'),
    )!;
    expect(notice.text).toContain('bleibt in jedem Fall kostenlos');
    // The grace period passes without a payment.
    await t.app.ctx.db
      .update(subscriptions)
      .set({ graceUntil: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.id, sub!.id));
    await t.app.ctx.jobs.send('payments-expire', {});
    await t.app.ctx.jobs.drain();
    const [ended] = await subsOf(t, m.id);
    expect(ended).toMatchObject({ status: 'ended', endReason: 'payment_failed' });
    expect((await profile(t, m)).is_premium).toBe(false);
    expect((await userRow(t, m.id)).premiumUntil).toBeNull();
  });

  it('expiry: a contract cancelled in /settings stays premium until its end, then the job ends it', async () => {
    const m = await onboardMember(t);
    await buyWithTestProvider(m);
    const cancelled = await call(t, 'POST', '/api/payments/subscription/cancel', { token: m.token });
    expect(cancelled.status).toBe(200);
    const [sub] = await subsOf(t, m.id);
    expect(sub!.endsAt!.getTime()).toBe(sub!.currentPeriodEnd!.getTime());
    expect(cancelled.json).toMatchObject({
      is_premium: true,
      subscription: { ends_at: sub!.endsAt!.toISOString() },
    });
    const mail = (await outbox(t)).find(
      (x) => x.to.includes(m.email) && x.subject === 'Trostnetz: Deine Kündigung ist eingegangen',
    )!;
    expect(mail.text).toContain(sub!.reference);
    expect((await call(t, 'POST', '/api/payments/subscription/cancel', { token: m.token })).status).toBe(404);
    await t.app.ctx.db
      .update(subscriptions)
      .set({ endsAt: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.id, sub!.id));
    // No renewal for a cancelled contract; the expiry ends it.
    await t.app.ctx.jobs.send('payments-renew', {});
    await t.app.ctx.jobs.send('payments-expire', {});
    await t.app.ctx.jobs.drain();
    const [ended] = await subsOf(t, m.id);
    expect(ended!.status).toBe('ended');
    expect(
      await t.app.ctx.db.select().from(payments).where(eq(payments.subscriptionId, sub!.id)),
    ).toHaveLength(1);
    expect((await profile(t, m)).is_premium).toBe(false);
  });
});

describe('issue 14 cancelling and withdrawing without a login', () => {
  const cancel = (body: Record<string, unknown>, locale: 'de' | 'en' = 'de') =>
    call(t, 'POST', '/api/payments/cancellation', { body, locale });

  it('a guest cancellation answers the same for an address with and without a contract; both addresses get the confirmation with the end date', async () => {
    const m = await onboardMember(t);
    await buyWithTestProvider(m);
    const [sub] = await subsOf(t, m.id);
    const withContract = await cancel({ kind: 'ordinary', name: 'Erika', email: m.email });
    const without = await cancel({ kind: 'ordinary', name: 'Erika', email: 'nobody-here@example.org' });
    expect(withContract.status).toBe(202);
    expect(without.status).toBe(202);
    const strip = (s: string) => s.replace(/"received_at":"[^"]+"/, '"received_at":"…"');
    expect(strip(withContract.text)).toBe(strip(without.text));
    expect(Date.parse(String(withContract.json.received_at))).toBeGreaterThan(Date.now() - 60_000);
    // Also a second address given on the form: the confirmation goes there and to the account address.
    const other = await cancel({ kind: 'ordinary', name: 'Erika', email: m.email.toUpperCase() });
    expect(other.status).toBe(202);
    await confirmByMail(t, m.email);
    const mails = (await outbox(t)).filter((x) => !x.links.some(isConfirmLink));
    const confirm = mails.filter(
      (x) => x.to.toLowerCase().includes(m.email.toLowerCase()) && x.subject.includes('Kündigung'),
    );
    expect(confirm.length).toBeGreaterThanOrEqual(1);
    expect(confirm[0]!.text).toContain(sub!.reference);
    expect(confirm[0]!.text).toMatch(/endet am \d{1,2}\. \S+ \d{4}/);
    const notFound = mails.find((x) => x.to.includes('nobody-here@example.org'))!;
    expect(notFound.subject).toBe(confirm[0]!.subject);
    expect(notFound.text).toContain('keinen laufenden Vertrag');
    const [after] = await subsOf(t, m.id);
    expect(after!.endsAt!.getTime()).toBe(sub!.currentPeriodEnd!.getTime());
    expect((await profile(t, m)).is_premium).toBe(true);
  });

  it('the confirmation goes to the address given on the form and to the account address', async () => {
    const m = await onboardMember(t);
    await buyWithTestProvider(m);
    const [sub] = await subsOf(t, m.id);
    // The account moved to a new address; the form names the order address and the contract.
    await t.app.ctx.db
      .update(users)
      .set({ email: `moved-${m.email}` })
      .where(eq(users.id, m.id));
    const res = await cancel({
      kind: 'ordinary',
      name: 'Erika',
      email: m.email,
      contract_reference: sub!.reference.toLowerCase(),
    });
    expect(res.status).toBe(202);
    await confirmByMail(t, m.email);
    const mails = (await outbox(t)).filter(
      (x) => x.subject === 'Trostnetz: Deine Kündigung ist eingegangen' && x.text.includes(sub!.reference),
    );
    expect(mails.map((x) => x.to).sort()).toEqual(
      [expect.stringContaining(m.email), expect.stringContaining(`moved-${m.email}`)].sort(),
    );
  });

  it('extraordinary cancellation needs a reason and ends the contract at once by default', async () => {
    const m = await onboardMember(t);
    await buyWithTestProvider(m);
    const noReason = await cancel({ kind: 'extraordinary', name: 'Erika', email: m.email });
    expect(noReason.status).toBe(422);
    expect(noReason.json.errors).toEqual({ reason: ['Diese Angabe ist notwendig.'] });
    const res = await cancel({
      kind: 'extraordinary',
      reason: 'Umzug ins Ausland',
      name: 'Erika',
      email: m.email,
    });
    expect(res.status).toBe(202);
    await confirmByMail(t, m.email);
    const [sub] = await subsOf(t, m.id);
    expect(sub!.status).toBe('ended');
    expect((await profile(t, m)).is_premium).toBe(false);
  });

  it('bad input is 422 with field messages, never 500', async () => {
    const bad = await cancel({ kind: 'sometimes', name: '', email: 'no-address', date: '31.12.2026' }, 'en');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.json.errors as object).sort()).toEqual(['date', 'email', 'kind', 'name']);
    const w = await call(t, 'POST', '/api/payments/withdrawal', {
      body: { name: 'x'.repeat(101), email: 'a@b.de' },
    });
    expect(w.status).toBe(422);
  });

  it('withdrawal within 14 days: the contract ends at once, premium ends, the refund for the unused time is confirmed by mail', async () => {
    const m = await onboardMember(t);
    await buyWithTestProvider(m);
    const [sub] = await subsOf(t, m.id);
    const res = await call(t, 'POST', '/api/payments/withdrawal', {
      body: { name: 'Erika', email: m.email },
    });
    expect(res.status).toBe(202);
    const none = await call(t, 'POST', '/api/payments/withdrawal', {
      body: { name: 'Erika', email: 'nobody-w@example.org' },
    });
    const strip = (s: string) => s.replace(/"received_at":"[^"]+"/, '');
    expect(strip(res.text)).toBe(strip(none.text));
    await confirmByMail(t, m.email);
    const mails = await outbox(t);
    const confirm = mails.find(
      (x) =>
        x.to.includes(m.email) &&
        x.subject === 'Trostnetz: Dein Widerruf ist eingegangen' &&
        !x.links.some(isConfirmLink),
    )!;
    expect(confirm.text).toContain(sub!.reference);
    expect(confirm.text).toMatch(/erstatten dir 6,9\d/);
    const [ended] = await subsOf(t, m.id);
    expect(ended).toMatchObject({ status: 'ended', endReason: 'withdrawn' });
    expect((await profile(t, m)).is_premium).toBe(false);
    const [declaration] = await t.app.ctx.db
      .select()
      .from(contractDeclarations)
      .where(eq(contractDeclarations.userId, m.id));
    expect(declaration).toMatchObject({ kind: 'withdrawal', processedAt: expect.any(Date) });
  });

  it('nobody ends another person’s contract with their address alone: without that account’s session nothing changes until the link mailed to the contract’s address is opened', async () => {
    const m = await onboardMember(t);
    await buyWithTestProvider(m);
    const stranger = await onboardMember(t);
    const asGuest = await call(t, 'POST', '/api/payments/withdrawal', {
      body: { name: 'X', email: m.email },
    });
    const asStranger = await call(t, 'POST', '/api/payments/withdrawal', {
      body: { name: 'X', email: m.email },
      token: stranger.token,
    });
    for (const res of [asGuest, asStranger]) {
      expect(res.status).toBe(202);
      expect(res.json).toMatchObject({
        needs_confirmation: true,
        message:
          'Deine Erklärung ist eingegangen. Bitte bestätige sie mit dem Link in der E-Mail, die wir an die angegebene Adresse schicken: Erst dann wird sie wirksam. Als Zeitpunkt zählt der Eingang jetzt.',
      });
    }
    const asks = (await outbox(t)).filter((x) => x.to.includes(m.email) && x.links.some(isConfirmLink));
    expect(asks).toHaveLength(2);
    expect(asks[0]!.subject).toBe('Trostnetz: Dein Widerruf ist eingegangen');
    expect(asks[0]!.text).toContain(
      'Warst du das nicht, musst du nichts tun: Dein Vertrag bleibt, wie er ist.',
    );
    expect(asks[0]!.text).toContain('Der Link gilt 7 Tage.');
    // Nobody opened the link: the contract goes on, premium stays, no declaration took effect.
    const [running] = await subsOf(t, m.id);
    expect(running).toMatchObject({ status: 'active', endsAt: null });
    expect((await profile(t, m)).is_premium).toBe(true);

    const [opened, again] = await confirmByMail(t, m.email);
    expect(opened!.status).toBe(200);
    expect(opened!.json).toEqual({
      kind: 'withdrawal',
      message:
        'Danke, deine Erklärung ist bestätigt und wirksam. Die Bestätigung mit allen Angaben schicken wir dir per E-Mail.',
    });
    expect(again!.status).toBe(200);
    const [ended] = await subsOf(t, m.id);
    expect(ended).toMatchObject({ status: 'ended', endReason: 'withdrawn' });
    expect((await profile(t, m)).is_premium).toBe(false);
    // Opening it once more says the same and changes nothing.
    const [later] = await confirmByMail(t, m.email);
    expect(later!.status).toBe(200);
  });

  it('signed in with the account’s own address, a cancellation takes effect at once, without a link', async () => {
    const m = await onboardMember(t);
    await buyWithTestProvider(m);
    const res = await call(t, 'POST', '/api/payments/cancellation', {
      body: { kind: 'extraordinary', reason: 'Umzug', name: 'Erika', email: m.email.toUpperCase() },
      token: m.token,
    });
    expect(res.status).toBe(202);
    expect(res.json).toMatchObject({
      needs_confirmation: false,
      message:
        'Deine Erklärung ist eingegangen. Die Bestätigung mit allen Angaben schicken wir dir per E-Mail.',
    });
    await t.app.ctx.jobs.drain();
    const [sub] = await subsOf(t, m.id);
    expect(sub!.status).toBe('ended');
    expect((await outbox(t)).filter((x) => x.links.some(isConfirmLink) && x.to.includes(m.email))).toEqual(
      [],
    );
  });

  it('the confirmation link: a made-up token is refused (403), a malformed one is 422, one older than 7 days has expired (410) and nothing changes', async () => {
    const confirm = (token: string) =>
      call(t, 'POST', '/api/payments/declarations/confirm', { body: { token } });
    expect((await confirm(`dc_${'A'.repeat(43)}`)).status).toBe(403);
    expect((await confirm('not-a-token')).status).toBe(422);
    const m = await onboardMember(t);
    await buyWithTestProvider(m);
    await cancel({ kind: 'ordinary', name: 'Erika', email: m.email });
    await outbox(t);
    await t.app.ctx.db
      .update(contractDeclarations)
      .set({ confirmSentAt: new Date(Date.now() - 7 * 86_400_000 - 1_000) })
      .where(eq(contractDeclarations.email, m.email));
    const [expired] = await confirmByMail(t, m.email);
    expect(expired!.status).toBe(410);
    const [sub] = await subsOf(t, m.id);
    expect(sub!.endsAt).toBeNull();
  });

  it('rate limits per given e-mail: the 5th declaration passes, the 6th is 429', async () => {
    const r = await createTestApp();
    try {
      const body = { kind: 'ordinary', name: 'Erika', email: 'limit@example.org' };
      for (let i = 0; i < 5; i++)
        expect((await call(r, 'POST', '/api/payments/cancellation', { body })).status).toBe(202);
      const refused = await call(r, 'POST', '/api/payments/withdrawal', {
        body: { name: 'E', email: 'LIMIT@example.org' },
      });
      expect(refused.status).toBe(429);
      expect(refused.headers['retry-after']).toBeDefined();
    } finally {
      await r.close();
    }
  });
});

describe('issue 14 premium follows the contracts alone', () => {
  it('free limits: a free member may have 3 friend requests open; the 4th is refused politely, naming premium; premium allows more', async () => {
    const group = { loss_kind: ['sibling'], languages: ['de'], region: ['de_bremen'], about: 'Limit-Gruppe' };
    const me = await onboardMember(t, group);
    const others = [];
    for (let i = 0; i < 5; i++) others.push(await onboardMember(t, group));
    const send = (id: number) =>
      call(t, 'POST', `/api/user/friend/request/send/${id}`, { token: me.token, body: {} });
    for (const o of others.slice(0, 3)) expect((await send(o.id)).status).toBe(200);
    const fourth = await send(others[3]!.id);
    expect(fourth.status).toBe(409);
    expect(fourth.json.code).toBe('open_requests_limit');
    expect(String(fourth.json.message)).toContain('Premium');
    expect(String(fourth.json.message)).toContain('Krise bleiben immer kostenlos');
    // Answering a request is never limited: retracting one frees a place.
    expect(
      (
        await call(t, 'POST', `/api/user/friend/request/retract/${others[0]!.id}`, {
          token: me.token,
          body: {},
        })
      ).status,
    ).toBe(200);
    expect((await send(others[3]!.id)).status).toBe(200);
    await buyWithTestProvider(me);
    expect((await send(others[4]!.id)).status).toBe(200);
  });

  it('supporter badge: partners see it while the member is premium and shows it; hidden, or free, they do not', async () => {
    const group = {
      loss_kind: ['sibling'],
      languages: ['de'],
      region: ['de_hamburg'],
      about: 'Badge-Gruppe',
    };
    const supporter = await onboardMember(t, group);
    const partner = await onboardMember(t, group);
    await call(t, 'POST', `/api/user/friend/request/send/${partner.id}`, {
      token: supporter.token,
      body: {},
    });
    await call(t, 'POST', `/api/user/friend/request/accept/${supporter.id}`, {
      token: partner.token,
      body: {},
    });
    const seenByPartner = async () => {
      const list = (await call(t, 'GET', '/api/chat/partners', { token: partner.token }))
        .json as unknown as Array<{
        id: number;
        supporter: boolean;
      }>;
      return list.find((p) => p.id === supporter.id)?.supporter;
    };
    expect(await seenByPartner()).toBe(false);
    await buyWithTestProvider(supporter);
    expect(await seenByPartner()).toBe(true);
    const hide = await call(t, 'PUT', '/api/payments/supporter-badge', {
      token: supporter.token,
      body: { show: false },
    });
    expect(hide.status).toBe(200);
    expect(await seenByPartner()).toBe(false);
    await call(t, 'PUT', '/api/payments/supporter-badge', { token: supporter.token, body: { show: true } });
    expect(await seenByPartner()).toBe(true);
  });

  it('no route lets a member make themselves premium: unsigned webhooks, another member’s test checkout, profile fields', async () => {
    const m = await onboardMember(t);
    const other = await onboardMember(t);
    const started = await call(t, 'POST', '/api/payments/checkout', {
      token: other.token,
      body: { plan_id: 'premium-1m', immediate_start: true },
    });
    const stolen = await call(t, 'POST', `/api/payments/test-provider/${started.json.session_id}`, {
      token: m.token,
      body: { outcome: 'success' },
    });
    expect(stolen.status).toBe(404);
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload: JSON.stringify({ id: 'evt_fake', type: 'invoice.paid', created: 1, data: { object: {} } }),
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=00' },
    });
    expect(unsigned.statusCode).toBe(400);
    for (const [method, url] of [
      ['PUT', '/api/profile'],
      ['PATCH', '/api/profile'],
      ['PUT', '/api/settings'],
      ['PUT', '/api/payments/supporter-badge'],
    ] as const) {
      await call(t, method, url, {
        token: m.token,
        body: { is_premium: true, premium_until: '2099-01-01', show: true },
      });
    }
    expect((await profile(t, m)).is_premium).toBe(false);
    expect((await userRow(t, m.id)).isPremium).toBe(false);
    const view = await call(t, 'GET', '/api/payments/subscription', { token: m.token });
    expect(view.json).toMatchObject({ is_premium: false, subscription: null, receipts: [] });
  });

  it('deleting the account ends the contract at its period end; erasure keeps the books without the person', async () => {
    const m = await onboardMember(t);
    await buyWithTestProvider(m);
    const del = await call(t, 'POST', '/api/user/delete', {
      token: m.token,
      body: { password: strongPassword },
    });
    expect(del.status).toBeLessThan(300);
    const [sub] = await subsOf(t, m.id);
    expect(sub!.endsAt!.getTime()).toBe(sub!.currentPeriodEnd!.getTime());
    expect(sub!.endReason).toBe('account_deleted');
    const exported = (await exportMember(t.app.ctx, m.id)).payments;
    expect(exported.contracts).toHaveLength(1);
    expect(exported.receipts).toHaveLength(1);
    await eraseMember(t.app.ctx, m.id);
    const [kept] = await t.app.ctx.db.select().from(subscriptions).where(eq(subscriptions.id, sub!.id));
    expect(kept).toMatchObject({ userId: null, email: null });
  });
});

describe('issue 14 Stripe: the SDK against a fake Stripe API (never the network)', () => {
  let fake: Server;
  let s: TestApp;
  const requests: Array<{ method: string; path: string; body: string }> = [];
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => resolve(data));
    });
  beforeAll(async () => {
    fake = createServer(async (req, res) => {
      const body = await read(req);
      requests.push({ method: req.method!, path: req.url!, body });
      res.setHeader('content-type', 'application/json');
      if (req.url === '/v1/checkout/sessions') {
        res.end(
          JSON.stringify({
            id: 'cs_fake_1',
            object: 'checkout.session',
            url: 'https://checkout.stripe.test/c/pay/cs_fake_1',
          }),
        );
      } else if (req.url?.startsWith('/v1/subscriptions/')) {
        res.end(
          JSON.stringify({
            id: req.url.split('/')[3],
            object: 'subscription',
            status: 'active',
            cancel_at_period_end: true,
          }),
        );
      } else {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: { message: 'not in the fake', type: 'invalid_request_error' } }));
      }
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const { port } = fake.address() as AddressInfo;
    s = await createTestApp({
      stripe: {
        secretKey: 'sk_test_fake',
        webhookSecret: 'whsec_fake_secret',
        api: { host: '127.0.0.1', port, protocol: 'http' },
      },
    });
  });
  afterAll(async () => {
    await s.close();
    fake.close();
  });

  it('checkout creates a Checkout Session (subscription; card, SEPA debit, PayPal; back to /checkout-succeeded), signed events make premium, cancelling reaches Stripe', async () => {
    const m = await onboardMember(s);
    const started = await call(s, 'POST', '/api/payments/checkout', {
      token: m.token,
      body: { plan_id: 'premium-6m', immediate_start: true },
    });
    expect(started.json).toEqual({
      url: 'https://checkout.stripe.test/c/pay/cs_fake_1',
      session_id: 'cs_fake_1',
    });
    const created = new URLSearchParams(requests.find((r) => r.path === '/v1/checkout/sessions')!.body);
    expect(created.get('mode')).toBe('subscription');
    expect([0, 1, 2].map((i) => created.get(`payment_method_types[${i}]`))).toEqual([
      'card',
      'sepa_debit',
      'paypal',
    ]);
    expect(created.get('success_url')).toBe(
      'http://localhost:3000/checkout-succeeded?session_id={CHECKOUT_SESSION_ID}',
    );
    expect(created.get('line_items[0][price_data][unit_amount]')).toBe('2994');
    expect(created.get('line_items[0][price_data][recurring][interval_count]')).toBe('6');
    // The test provider is not there when Stripe is.
    expect(
      (
        await call(s, 'POST', '/api/payments/test-provider/cs_test_abcdefgh12', {
          token: m.token,
          body: { outcome: 'success' },
        })
      ).status,
    ).toBe(404);
    const [sub] = await subsOf(s, m.id);
    const sign = (type: string, object: Record<string, unknown>) => {
      const payload = JSON.stringify({
        id: `evt_${type}_${Date.now()}`,
        object: 'event',
        created: Math.floor(Date.now() / 1000),
        type,
        data: { object },
      });
      return {
        payload,
        header: stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_fake_secret' }),
      };
    };
    // Signed with the app's own generated secret, which is not Stripe's: refused.
    expect(
      (await deliver(s, signedEvent('checkout.session.completed', { id: 'cs_fake_1' }))).statusCode,
    ).toBe(400);
    const end = Math.floor(Date.now() / 1000) + 182 * 86400;
    expect(
      (
        await deliver(
          s,
          sign('checkout.session.completed', {
            id: 'cs_fake_1',
            object: 'checkout.session',
            payment_status: 'paid',
            subscription: 'sub_fake_1',
            customer: 'cus_fake_1',
          }),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await deliver(
          s,
          sign('customer.subscription.updated', {
            id: 'sub_fake_1',
            object: 'subscription',
            status: 'active',
            cancel_at_period_end: false,
            metadata: { reference: sub!.reference },
            items: { data: [{ current_period_end: end }] },
          }),
        )
      ).statusCode,
    ).toBe(200);
    expect(
      (
        await deliver(
          s,
          sign(
            'invoice.paid',
            invoice(
              { reference: sub!.reference, providerSubscriptionId: 'sub_fake_1' },
              new Date(end * 1000),
              { amount_paid: 2994, billing_reason: 'subscription_create' },
            ),
          ),
        )
      ).statusCode,
    ).toBe(200);
    expect((await profile(s, m)).is_premium).toBe(true);
    const [active] = await subsOf(s, m.id);
    expect(active!.currentPeriodEnd!.getTime()).toBe(end * 1000);
    const cancelled = await call(s, 'POST', '/api/payments/subscription/cancel', { token: m.token });
    expect(cancelled.status).toBe(200);
    const update = requests.find((r) => r.path === '/v1/subscriptions/sub_fake_1')!;
    expect(new URLSearchParams(update.body).get('cancel_at_period_end')).toBe('true');
    expect((await profile(s, m)).is_premium).toBe(true);
  });
});
