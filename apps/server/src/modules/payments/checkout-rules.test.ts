import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { payments, plans, subscriptions } from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { longDate } from '../../i18n/long-date.ts';
import { type MemberTokens, registerMember, strongPassword, verifyMember } from '../../test/factories.ts';
import { makeSuperAdmin, staffWithRole } from '../../test/staff.ts';
import { call, createTestApp, type OutboxMail, outbox, type TestApp } from '../../test/test-app.ts';
import { seedPlans } from './payments.service.ts';
import {
  DAY,
  deliverEvent,
  euro,
  inContractOrder,
  plainLines,
  type StripeRequest,
  startFakeStripe,
  unix,
} from './premium-rules.test-support.ts';

/**
 * payments.service.ts: plans and prices, who may start a checkout and what it stores, the test
 * provider's session, the contract mails (amounts, VAT, links), and premium as it follows from the
 * contracts alone (several contracts, staff grants, a renewal that never came, a failed payment).
 */

// The test provider's session id comes from 18 random bytes; a test can choose them (once).
const entropy = vi.hoisted(() => ({ next: null as Buffer | null }));
vi.mock('node:crypto', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:crypto')>();
  const randomBytes = ((size: number, ...rest: unknown[]) => {
    const chosen = entropy.next;
    if (chosen && size === chosen.length && rest.length === 0) {
      entropy.next = null;
      return chosen;
    }
    return (real.randomBytes as (...args: unknown[]) => unknown)(size, ...rest);
  }) as typeof real.randomBytes;
  return { ...real, default: { ...real, randomBytes }, randomBytes };
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { RATE_LIMIT_FACTOR: '100' });
});
afterAll(() => t.close());

const db = () => t.app.ctx.db;
const subsOf = (app: TestApp, userId: number) =>
  app.app.ctx.db
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.id));
const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
const mySubscription = async (m: MemberTokens) =>
  (await call(t, 'GET', '/api/payments/subscription', { token: m.token })).json;
const de = (d: Date) => longDate('de', d);
const en = (d: Date) => longDate('en', d);
const footer = 'Du bekommst diese E-Mail, weil du bei uns einen Vertrag abgeschlossen hast.';

/** A checkout paid on the test provider's page; the contract as stored afterwards. */
async function buy(m: MemberTokens, planId = 'premium-1m') {
  const started = await call(t, 'POST', '/api/payments/checkout', {
    token: m.token,
    body: { plan_id: planId, immediate_start: true },
  });
  expect(started.status).toBe(200);
  const session = String(started.json.session_id);
  // base64url of 18 bytes is 24 characters; `-` and `_` become `x`, so the page's path takes it.
  expect(session).toMatch(/^cs_test_[A-Za-z0-9]{24}$/);
  const done = await call(t, 'POST', `/api/payments/test-provider/${session}`, {
    token: m.token,
    body: { outcome: 'success' },
  });
  expect(done.json).toEqual({ url: `/checkout-succeeded?session_id=${session}` });
  const [sub] = await db().select().from(subscriptions).where(eq(subscriptions.checkoutSessionId, session));
  return { session, sub: sub! };
}

/** A contract row as a provider left it (for states a checkout alone does not reach). */
let stored = 0;
function contractRow(m: MemberTokens, set: Partial<typeof subscriptions.$inferInsert>) {
  stored += 1;
  return {
    reference: `PV-RULE-${String(stored).padStart(4, '0')}`,
    userId: m.id,
    email: m.email,
    planId: 'premium-1m',
    months: 1,
    totalCents: 699,
    provider: 'test' as const,
    checkoutSessionId: `cs_test_rules${String(stored).padStart(4, '0')}`,
    immediateStartAt: new Date(Date.now() - 5 * DAY),
    ...set,
  };
}

/** The contract mails a member got (not the address verification), in contract order (inContractOrder). */
const contractMails = async (app: TestApp, address: string) =>
  inContractOrder(
    (await outbox(app)).filter(
      (x) => x.to === address && !/bestätige deine E-Mail|confirm your e-mail/.test(x.subject),
    ),
  );
const bySubject = (mails: OutboxMail[], subject: string) => mails.find((x) => x.subject === subject)!;

const standardPlans = [
  { id: 'premium-1m', months: 1, currency: 'eur', total_cents: 699, per_month_cents: 699 },
  { id: 'premium-3m', months: 3, currency: 'eur', total_cents: 1797, per_month_cents: 599 },
  { id: 'premium-6m', months: 6, currency: 'eur', total_cents: 2994, per_month_cents: 499 },
];

describe('plans and prices', () => {
  it('1, 3 and 6 months are seeded at start; seeding again restores a missing plan and keeps a price the operator changed', async () => {
    expect((await call(t, 'GET', '/api/payments/plans')).json).toEqual(standardPlans);
    // No contract names the 6-month plan yet (this is the file's first test).
    await db().delete(plans).where(eq(plans.id, 'premium-6m'));
    await db().update(plans).set({ totalCents: 799 }).where(eq(plans.id, 'premium-1m'));
    await seedPlans(db());
    expect((await call(t, 'GET', '/api/payments/plans')).json).toEqual([
      { id: 'premium-1m', months: 1, currency: 'eur', total_cents: 799, per_month_cents: 799 },
      standardPlans[1],
      standardPlans[2],
    ]);
    await db().update(plans).set({ totalCents: 699 }).where(eq(plans.id, 'premium-1m'));
    expect((await call(t, 'GET', '/api/payments/plans')).json).toEqual(standardPlans);
  });
});

describe('checkout: who may start one and what it stores', () => {
  it('a checkout stores a pending contract at the plan’s price and length with a PV reference; the test provider’s session id is cs_test_ and 24 letters or digits', async () => {
    const m = await registerMember(t);
    // 24 × `_` in base64url: every one becomes `x`.
    entropy.next = Buffer.alloc(18, 0xff);
    const started = await call(t, 'POST', '/api/payments/checkout', {
      token: m.token,
      body: { plan_id: 'premium-3m', immediate_start: true },
    });
    const session = `cs_test_${'x'.repeat(24)}`;
    expect(started.status).toBe(200);
    expect(started.json).toEqual({ url: `/checkout/test-provider/${session}`, session_id: session });
    const [row] = await subsOf(t, m.id);
    expect(row).toEqual({
      id: expect.any(Number),
      reference: expect.stringMatching(/^PV-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/),
      userId: m.id,
      email: m.email,
      locale: 'de',
      planId: 'premium-3m',
      months: 3,
      totalCents: 1797,
      provider: 'test',
      checkoutSessionId: session,
      providerSubscriptionId: null,
      providerCustomerId: null,
      status: 'pending',
      checkoutOutcome: null,
      immediateStartAt: expect.any(Date),
      startedAt: null,
      currentPeriodEnd: null,
      graceUntil: null,
      endsAt: null,
      endedAt: null,
      endReason: null,
      stateAt: 0,
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
    });
    const page = await call(t, 'GET', `/api/payments/test-provider/${session}`, { token: m.token });
    expect(page.json).toEqual({ session_id: session, plan: standardPlans[1], state: 'open' });
    const state = await call(t, 'GET', `/api/payments/checkout-state?session_id=${session}`, {
      token: m.token,
    });
    expect(state.json).toEqual({ state: 'confirming', is_premium: false });
  });

  it('a super admin counts as premium and starts no checkout (409 already_premium)', async () => {
    const admin = await registerMember(t);
    await makeSuperAdmin(t, admin.id);
    const res = await call(t, 'POST', '/api/payments/checkout', {
      token: admin.token,
      body: { plan_id: 'premium-1m', immediate_start: true },
    });
    expect(res.status).toBe(409);
    expect(res.json).toEqual({
      code: 'already_premium',
      message: 'Du hast schon Premium. Deinen Vertrag findest du in den Einstellungen.',
    });
    expect(await subsOf(t, admin.id)).toEqual([]);
  });

  it('the checkout page’s state is only the member’s own: another member’s session is 404 not_found', async () => {
    const owner = await registerMember(t);
    const other = await registerMember(t);
    const { session } = await buy(owner);
    const res = await call(t, 'GET', `/api/payments/checkout-state?session_id=${session}`, {
      token: other.token,
    });
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ code: 'not_found', message: 'Nicht gefunden.' });
    const own = await call(t, 'GET', `/api/payments/checkout-state?session_id=${session}`, {
      token: owner.token,
    });
    expect(own.json).toEqual({ state: 'premium', is_premium: true });
  });
});

describe('contract mails: amounts incl. VAT, dates and links', () => {
  it('paying: the order confirmation names contract, plan, price with its 19 % VAT, start, first end, how to cancel and withdraw; the receipt the amount paid; both link to the contract in the settings', async () => {
    const m = await registerMember(t, { nickname: 'Erika Muster' });
    const { sub } = await buy(m, 'premium-3m');
    const [receipt] = await db().select().from(payments).where(eq(payments.subscriptionId, sub.id));
    const ref = sub.reference;
    const mails = await contractMails(t, m.email);
    expect(mails.map((x) => x.subject)).toEqual([
      `Trostnetz: Deine Bestellung von Premium (${ref})`,
      `Trostnetz: Quittung ${receipt!.number} über ${euro('17,97')}`,
    ]);
    const order = plainLines(mails[0]!);
    expect(order).toEqual([
      'Hallo Erika Muster,',
      'danke für deine Bestellung. Hier stehen die wichtigsten Angaben zu deinem Vertrag – bitte bewahre diese E-Mail auf.',
      `Vertrag ${ref}: Trostnetz Premium, 3 Monat(e), ${euro('17,97')} inkl. ${euro('2,87')} MwSt., im Voraus zu zahlen. Beginn: ${de(sub.startedAt!)} (auf deinen Wunsch sofort). Der Vertrag verlängert sich jeweils um denselben Zeitraum zum selben Preis, wenn du nicht kündigst. Du kannst jederzeit zum Ende des laufenden Zeitraums kündigen, zum ersten Mal zum ${de(sub.currentPeriodEnd!)}.`,
      expect.stringMatching(/^Premium gibt dir mehr: /),
      'Kündigen: ohne Anmeldung über „Verträge hier kündigen“ unten auf jeder Seite (http://localhost:3000/contracts/cancel), oder mit einem Klick in den Einstellungen.',
      `Widerrufsbelehrung: Du hast das Recht, diesen Vertrag binnen 14 Tagen ohne Angabe von Gründen zu widerrufen. Die Frist beginnt am Tag des Vertragsschlusses, dem ${de(sub.startedAt!)}. Um zu widerrufen, nutze „Vertrag widerrufen“ unten auf jeder Seite oder schicke uns eine eindeutige Erklärung (zum Beispiel per E-Mail an kontakt@trostnetz.example). Zur Wahrung der Frist reicht es, den Widerruf vor ihrem Ablauf abzusenden.`,
      expect.stringMatching(/^Folgen des Widerrufs: /),
      'Es gelten unsere Nutzungsbedingungen: http://localhost:3000/conditions – die Widerrufsbelehrung mit Muster-Widerrufsformular: http://localhost:3000/revocation',
      '',
      'Deinen Vertrag ansehen: http://localhost:3000/settings#subscription',
      '',
      footer,
    ]);
    expect(plainLines(mails[1]!)).toEqual([
      'Hallo Erika Muster,',
      `wir haben deine Zahlung erhalten. Quittung ${receipt!.number}: ${euro('17,97')} inkl. ${euro('2,87')} MwSt. (19 %) für Trostnetz Premium, 3 Monat(e), bezahlt am ${de(receipt!.paidAt)}. Premium läuft bis ${de(sub.currentPeriodEnd!)}.`,
      '',
      'Alle Quittungen: http://localhost:3000/settings#subscription',
      '',
      footer,
    ]);
  });

  it('VAT is the 19 % contained in the gross price, rounded to the cent: 6,99 € holds 1,12 €, 29,94 € holds 4,78 €', async () => {
    const one = await registerMember(t);
    const six = await registerMember(t);
    await buy(one, 'premium-1m');
    await buy(six, 'premium-6m');
    const line = async (m: MemberTokens) =>
      plainLines(
        (await contractMails(t, m.email)).find((x) => x.subject.startsWith('Trostnetz: Quittung'))!,
      )[1];
    expect(await line(one)).toContain(
      `: ${euro('6,99')} inkl. ${euro('1,12')} MwSt. (19 %) für Trostnetz Premium, 1 Monat(e), bezahlt am`,
    );
    expect(await line(six)).toContain(
      `: ${euro('29,94')} inkl. ${euro('4,78')} MwSt. (19 %) für Trostnetz Premium, 6 Monat(e), bezahlt am`,
    );
  });

  it('a member who reads English gets the mails in English, with amounts as €6.99', async () => {
    const m = await registerMember(t, { locale: 'en', nickname: 'Sam' });
    const { sub } = await buy(m);
    const [receipt] = await db().select().from(payments).where(eq(payments.subscriptionId, sub.id));
    const mails = await contractMails(t, m.email);
    expect(mails.map((x) => x.subject)).toEqual([
      `Trostnetz: Your premium order (${sub.reference})`,
      `Trostnetz: Receipt ${receipt!.number} for €6.99`,
    ]);
    expect(plainLines(mails[0]!)[2]).toBe(
      `Contract ${sub.reference}: Trostnetz Premium, 1 month(s), €6.99 incl. €1.12 VAT, payable in advance. Start: ${en(sub.startedAt!)} (at once, as you asked). The contract renews for the same period at the same price unless you cancel. You can cancel at any time to the end of the running period, the first time to ${en(sub.currentPeriodEnd!)}.`,
    );
    expect(plainLines(mails[1]!)).toEqual([
      'Hello Sam,',
      `we have received your payment. Receipt ${receipt!.number}: €6.99 incl. €1.12 VAT (19 %) for Trostnetz Premium, 1 month(s), paid on ${en(receipt!.paidAt)}. Premium runs until ${en(sub.currentPeriodEnd!)}.`,
      '',
      'All receipts: http://localhost:3000/settings#subscription',
      '',
      'You receive this e-mail because you concluded a contract with us.',
    ]);
  });
});

describe('premium follows the contracts alone', () => {
  it('a failed renewal: premium exactly 7 days past the failure, the checkout page still says premium, a mail links to the contract; the grace period’s end ends the contract', async () => {
    const m = await registerMember(t, { nickname: 'Jona' });
    const { session, sub } = await buy(m);
    const failedAt = unix(new Date()) + 1;
    const status = await deliverEvent(
      t,
      'invoice.payment_failed',
      {
        id: 'in_rules_failed_1',
        object: 'invoice',
        amount_paid: 0,
        billing_reason: 'subscription_cycle',
        parent: {
          subscription_details: {
            subscription: sub.providerSubscriptionId,
            metadata: { reference: sub.reference },
          },
        },
      },
      failedAt,
    );
    expect(status).toBe(200);
    const graceUntil = new Date(failedAt * 1000 + 7 * DAY);
    const [pastDue] = await subsOf(t, m.id);
    expect(pastDue).toMatchObject({ status: 'past_due', graceUntil });
    expect(await mySubscription(m)).toMatchObject({
      is_premium: true,
      premium_until: graceUntil.toISOString(),
      subscription: { status: 'past_due', grace_until: graceUntil.toISOString(), ends_at: null },
    });
    const state = await call(t, 'GET', `/api/payments/checkout-state?session_id=${session}`, {
      token: m.token,
    });
    expect(state.json).toEqual({ state: 'premium', is_premium: true });
    const notice = bySubject(
      await contractMails(t, m.email),
      'Trostnetz: Deine Zahlung für Premium hat nicht geklappt',
    );
    expect(plainLines(notice)).toEqual([
      'Hallo Jona,',
      `die Zahlung für die Verlängerung deines Vertrags ${sub.reference} ist leider nicht durchgegangen.`,
      `Premium bleibt bis ${de(graceUntil)} bestehen, während die Zahlung noch einmal versucht wird. Bitte prüfe dein Zahlungsmittel. Alles, was du in einer schweren Zeit brauchst – Schreiben mit deinen Trostpartnern, Gruppen, Hilfe in der Krise – bleibt in jedem Fall kostenlos.`,
      '',
      'Zu deinem Vertrag: http://localhost:3000/settings#subscription',
      '',
      footer,
    ]);
    // A minute before the grace period ends nothing changes; once it has ended, the contract ends.
    const expire = async () => {
      await t.app.ctx.jobs.send('payments-expire', {});
      await t.app.ctx.jobs.drain();
    };
    await db()
      .update(subscriptions)
      .set({ graceUntil: new Date(Date.now() + 60_000) })
      .where(eq(subscriptions.id, sub.id));
    await expire();
    expect((await subsOf(t, m.id))[0]!.status).toBe('past_due');
    await db()
      .update(subscriptions)
      .set({ graceUntil: new Date(Date.now() - 1000) })
      .where(eq(subscriptions.id, sub.id));
    await expire();
    expect((await subsOf(t, m.id))[0]).toMatchObject({ status: 'ended', endReason: 'payment_failed' });
    expect(await mySubscription(m)).toMatchObject({ is_premium: false, premium_until: null });
  });

  it('several running contracts: premium lasts until the latest of their ends, whichever is stored first', async () => {
    const second = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);
    const soon = second(Date.now() + 10 * DAY);
    const later = second(Date.now() + 40 * DAY);
    const members: MemberTokens[] = [];
    for (const ends of [
      [later, soon],
      [soon, later],
    ]) {
      const m = await registerMember(t);
      members.push(m);
      await db()
        .insert(subscriptions)
        .values(
          ends.map((end) =>
            contractRow(m, {
              status: 'active',
              startedAt: new Date(Date.now() - 5 * DAY),
              currentPeriodEnd: end,
            }),
          ),
        );
      // A checkout left open for two days: the expiry job ends it and recomputes the member's premium.
      await db()
        .insert(subscriptions)
        .values(contractRow(m, { createdAt: new Date(Date.now() - 2 * DAY) }));
    }
    await t.app.ctx.jobs.send('payments-expire', {});
    await t.app.ctx.jobs.drain();
    const until = new Date(later.getTime() + DAY);
    for (const m of members) {
      expect(await userRow(m.id)).toMatchObject({ isPremium: true, premiumUntil: until });
      expect(await mySubscription(m)).toMatchObject({ is_premium: true, premium_until: until.toISOString() });
    }
  });

  it('a staff grant gives premium with no end date, also beside a paid contract; it is taken back from a free member, not from one with a running contract (409)', async () => {
    const staff = await registerMember(t);
    await verifyMember(t, staff);
    const staffToken = await staffWithRole(t, staff, 'super');
    const setPremium = (id: number, premium: boolean) =>
      call(t, 'PUT', `/api/admin/members/${id}/premium`, {
        token: staffToken,
        body: { premium, text: 'Dank für die Mithilfe', password: strongPassword },
      });
    const free = await registerMember(t);
    expect((await setPremium(free.id, true)).status).toBe(204);
    expect(await mySubscription(free)).toMatchObject({ is_premium: true, premium_until: null });
    const payer = await registerMember(t);
    await buy(payer);
    expect((await setPremium(payer.id, true)).status).toBe(204);
    expect(await mySubscription(payer)).toMatchObject({ is_premium: true, premium_until: null });
    expect(await userRow(payer.id)).toMatchObject({ isPremium: true, premiumUntil: null });
    expect((await setPremium(payer.id, false)).status).toBe(409);
    expect((await setPremium(free.id, false)).status).toBe(204);
    expect(await mySubscription(free)).toMatchObject({ is_premium: false, premium_until: null });
  });

  it('a renewal that never came: premium ends one day after the period end, told live once; recomputing again changes and announces nothing', async () => {
    const m = await registerMember(t);
    const { sub } = await buy(m);
    const periodEnd = new Date(Math.floor(Date.now() / 1000) * 1000 - 2 * DAY);
    await db().update(subscriptions).set({ currentPeriodEnd: periodEnd }).where(eq(subscriptions.id, sub.id));
    const live = vi.spyOn(t.app.ctx.broadcaster, 'toMember');
    const told = () =>
      live.mock.calls.filter(([id, channel]) => id === m.id && channel === 'premium_changed');
    const expire = async () => {
      await t.app.ctx.jobs.send('payments-expire', {});
      await t.app.ctx.jobs.drain();
    };
    try {
      await expire();
      const until = new Date(periodEnd.getTime() + DAY);
      expect(told()).toEqual([
        [
          m.id,
          'premium_changed',
          'PremiumChanged',
          { is_premium: false, premium_until: until.toISOString() },
        ],
      ]);
      const before = await userRow(m.id);
      expect(before).toMatchObject({ isPremium: true, premiumUntil: until });
      live.mockClear();
      await expire();
      expect(told()).toEqual([]);
      expect((await userRow(m.id)).updatedAt).toEqual(before.updatedAt);
      expect(await mySubscription(m)).toMatchObject({
        is_premium: false,
        premium_until: until.toISOString(),
      });
    } finally {
      live.mockRestore();
    }
  });

  it('a contract made at Stripe, while the app now runs without a Stripe key, is cancelled here alone (no call to Stripe)', async () => {
    const m = await registerMember(t);
    const end = new Date(Math.floor(Date.now() / 1000) * 1000 + 20 * DAY);
    await db()
      .insert(subscriptions)
      .values(
        contractRow(m, {
          provider: 'stripe',
          providerSubscriptionId: 'sub_made_at_stripe_1',
          status: 'active',
          startedAt: new Date(Date.now() - 10 * DAY),
          currentPeriodEnd: end,
        }),
      );
    const res = await call(t, 'POST', '/api/payments/subscription/cancel', { token: m.token });
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      is_premium: true,
      premium_until: end.toISOString(),
      subscription: { status: 'active', ends_at: end.toISOString() },
    });
    expect((await subsOf(t, m.id))[0]).toMatchObject({ endsAt: end, endReason: 'cancelled' });
  });
});

describe('checkout at Stripe (a fake Stripe API, never the network)', () => {
  let fake: Awaited<ReturnType<typeof startFakeStripe>>;
  let s: TestApp;
  beforeAll(async () => {
    fake = await startFakeStripe();
    s = await createTestApp({ stripe: fake.config('whsec_checkout_rules') });
  });
  afterAll(async () => {
    await s.close();
    await fake.close();
  });
  const lastSessionRequest = () =>
    fake.requests.filter((r) => r.path === '/v1/checkout/sessions').at(-1) as StripeRequest;
  const checkout = (m: MemberTokens, planId: string) =>
    call(s, 'POST', '/api/payments/checkout', {
      token: m.token,
      body: { plan_id: planId, immediate_start: true },
    });

  it('the Checkout Session: subscription mode with card, SEPA debit and PayPal, the plan’s price incl. VAT every N months, the reference on session and subscription, back to the plan when cancelled', async () => {
    const m = await registerMember(s);
    const res = await checkout(m, 'premium-6m');
    expect(res.status).toBe(200);
    const [row] = await subsOf(s, m.id);
    expect(res.json).toEqual({
      url: `https://checkout.stripe.test/c/pay/${row!.checkoutSessionId}`,
      session_id: row!.checkoutSessionId,
    });
    expect(row).toMatchObject({
      provider: 'stripe',
      status: 'pending',
      planId: 'premium-6m',
      totalCents: 2994,
    });
    const sent = lastSessionRequest();
    expect(sent.method).toBe('POST');
    expect(sent.params).toEqual({
      mode: 'subscription',
      'payment_method_types[0]': 'card',
      'payment_method_types[1]': 'sepa_debit',
      'payment_method_types[2]': 'paypal',
      customer_email: m.email,
      client_reference_id: row!.reference,
      locale: 'de',
      'line_items[0][quantity]': '1',
      'line_items[0][price_data][currency]': 'eur',
      'line_items[0][price_data][unit_amount]': '2994',
      'line_items[0][price_data][tax_behavior]': 'inclusive',
      'line_items[0][price_data][recurring][interval]': 'month',
      'line_items[0][price_data][recurring][interval_count]': '6',
      'line_items[0][price_data][product_data][name]': 'Trostnetz Premium (6 Monat(e))',
      'metadata[reference]': row!.reference,
      'subscription_data[metadata][reference]': row!.reference,
      success_url: 'http://localhost:3000/checkout-succeeded?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/checkout/premium-6m',
    });
    const english = await registerMember(s, { locale: 'en' });
    await checkout(english, 'premium-1m');
    expect(lastSessionRequest().params).toMatchObject({
      locale: 'en',
      'line_items[0][price_data][product_data][name]': 'Trostnetz Premium (1 month(s))',
      'line_items[0][price_data][recurring][interval_count]': '1',
      cancel_url: 'http://localhost:3000/checkout/premium-1m',
    });
  });

  it('a session without a URL of its own: the browser continues at the plan’s checkout page', async () => {
    const m = await registerMember(s);
    fake.next.session = 'no_url';
    const res = await checkout(m, 'premium-3m');
    expect(res.status).toBe(200);
    const [row] = await subsOf(s, m.id);
    expect(res.json).toEqual({
      url: 'http://localhost:3000/checkout/premium-3m',
      session_id: row!.checkoutSessionId,
    });
  });

  it('Stripe refusing the session: 503 payment_provider_unavailable and no contract is stored', async () => {
    const m = await registerMember(s);
    fake.next.session = 'refused';
    const res = await checkout(m, 'premium-1m');
    expect(res.status).toBe(503);
    expect(res.json).toEqual({
      code: 'payment_provider_unavailable',
      message: 'Die Zahlung ist gerade nicht erreichbar. Bitte versuche es in ein paar Minuten noch einmal.',
    });
    expect(await subsOf(s, m.id)).toEqual([]);
  });
});
