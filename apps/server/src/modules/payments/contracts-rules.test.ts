import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  contractDeclarations,
  payments,
  type SubscriptionRow,
  subscriptions,
} from '../../db/schema/payments.ts';
import { users } from '../../db/schema/users.ts';
import { longDate } from '../../i18n/long-date.ts';
import { type MemberTokens, registerMember, strongPassword } from '../../test/factories.ts';
import { call, createTestApp, outbox, type TestApp } from '../../test/test-app.ts';
import {
  DAY,
  deliverEvent,
  euro,
  isConfirmLink,
  plainLines,
  startFakeStripe,
  unix,
} from './premium-rules.test-support.ts';

/**
 * contracts.service.ts: cancelling and withdrawing without a login (the same answer for every address,
 * the confirmation to the form's and the account's address), ordinary cancellation to a period end,
 * extraordinary cancellation, the 14-day withdrawal with its pro-rata refund, one-click cancelling in
 * the settings and deleting the account, each as it reaches Stripe (a fake Stripe API, never the network).
 */

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let t: TestApp;
beforeAll(async () => {
  fake = await startFakeStripe();
  t = await createTestApp({ stripe: fake.config('whsec_contracts_rules') }, { RATE_LIMIT_FACTOR: '100' });
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const db = () => t.app.ctx.db;
const de = (d: Date) => longDate('de', d);
const footer = 'Du bekommst diese E-Mail, weil du bei uns einen Vertrag abgeschlossen hast.';
const toApp = 'Zu Trostnetz: http://localhost:3000';
const contractOf = async (id: number) =>
  (await db().select().from(subscriptions).where(eq(subscriptions.id, id)))[0]!;
const userRow = async (id: number) => (await db().select().from(users).where(eq(users.id, id)))[0]!;
/** Whole seconds, as Stripe's times are. */
const second = (ms: number) => new Date(Math.floor(ms / 1000) * 1000);

/** What the app asked of Stripe from here on (cancelling, updating, refunding). */
function stripeCalls() {
  const from = fake.requests.length;
  return () =>
    fake.requests
      .slice(from)
      .map(({ method, path, params, idempotencyKey }) =>
        path === '/v1/refunds' ? { method, path, params, idempotencyKey } : { method, path, params },
      );
}

/**
 * Cancelled to the end of the period it is paid for: the contract runs until then, marked cancelled,
 * and the only request to Stripe was to cancel it at that end.
 */
async function expectEndsAtPeriodEnd(
  sub: { id: number; providerSubscriptionId: string | null },
  end: Date,
  requests: unknown[],
) {
  expect(await contractOf(sub.id)).toMatchObject({ status: 'active', endsAt: end, endReason: 'cancelled' });
  expect(requests).toEqual([
    {
      method: 'POST',
      path: `/v1/subscriptions/${sub.providerSubscriptionId}`,
      params: { cancel_at_period_end: 'true' },
    },
  ]);
}

let bought = 0;
/**
 * A contract bought at Stripe: the checkout through the API, then Stripe's signed events (the session
 * paid, and unless `invoice: false` the first invoice with its payment intent).
 */
async function buyAtStripe(
  m: MemberTokens,
  opts: { planId?: string; invoice?: boolean; providerId?: string } = {},
): Promise<SubscriptionRow> {
  bought += 1;
  const providerId = opts.providerId ?? `sub_fake_${bought}`;
  const started = await call(t, 'POST', '/api/payments/checkout', {
    token: m.token,
    body: { plan_id: opts.planId ?? 'premium-1m', immediate_start: true },
  });
  expect(started.status).toBe(200);
  const session = String(started.json.session_id);
  const completed = {
    id: session,
    object: 'checkout.session',
    payment_status: 'paid',
    subscription: providerId,
    customer: `cus_fake_${bought}`,
  };
  expect(await deliverEvent(t, 'checkout.session.completed', completed)).toBe(200);
  const [active] = await db()
    .select()
    .from(subscriptions)
    .where(eq(subscriptions.checkoutSessionId, session));
  if (opts.invoice !== false) {
    const paid = {
      id: `in_fake_${bought}`,
      object: 'invoice',
      amount_paid: active!.totalCents,
      billing_reason: 'subscription_create',
      payment_intent: `pi_fake_${bought}`,
      status_transitions: { paid_at: unix(new Date()) },
      lines: { data: [{ period: { end: unix(active!.currentPeriodEnd!) } }] },
      parent: {
        subscription_details: { subscription: providerId, metadata: { reference: active!.reference } },
      },
    };
    expect(await deliverEvent(t, 'invoice.paid', paid)).toBe(200);
  }
  return contractOf(active!.id);
}

/**
 * Sends the cancellation or withdrawal form and runs the job behind it. `receivedAt` stands for a
 * declaration received then (the job judges by the time of receipt); `frozen` runs the job on a
 * stopped clock, so "now" is one instant throughout.
 */
async function declare(
  form: 'cancellation' | 'withdrawal',
  body: Record<string, unknown>,
  opts: { receivedAt?: Date; frozen?: boolean; locale?: 'de' | 'en' } = {},
) {
  const res = await call(t, 'POST', `/api/payments/${form}`, { body, locale: opts.locale ?? 'de' });
  expect(res.status).toBe(202);
  const [stored] = await db()
    .select()
    .from(contractDeclarations)
    .orderBy(desc(contractDeclarations.id))
    .limit(1);
  expect(stored!.processedAt).toBeNull();
  if (opts.receivedAt) {
    await db()
      .update(contractDeclarations)
      .set({ receivedAt: opts.receivedAt })
      .where(eq(contractDeclarations.id, stored!.id));
  }
  // Without the account's session it waits for the mailed link (decision 030): its owner opens it.
  await t.app.ctx.jobs.drain();
  const mails = (await outbox(t)).filter((m) =>
    m.to.toLowerCase().includes(String(body.email).toLowerCase()),
  );
  for (const link of mails.flatMap((m) => m.links.filter(isConfirmLink))) {
    const token = link.slice(link.lastIndexOf('/') + 1);
    await call(t, 'POST', '/api/payments/declarations/confirm', { body: { token } });
  }
  let now: Date | null = null;
  if (opts.frozen) {
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() });
    now = new Date();
  }
  try {
    await t.app.ctx.jobs.drain();
  } finally {
    if (opts.frozen) vi.useRealTimers();
  }
  const [processed] = await db()
    .select()
    .from(contractDeclarations)
    .where(eq(contractDeclarations.id, stored!.id));
  return { res, declaration: processed!, now };
}

/** The cancellation and withdrawal confirmations an address got, oldest first (not the links asking for one). */
const confirmations = async (address: string) =>
  (await outbox(t)).filter(
    (x) => x.to === address && /Kündigung|Widerruf/.test(x.subject) && !x.links.some(isConfirmLink),
  );

const received = {
  message:
    'Deine Erklärung ist eingegangen. Bitte bestätige sie mit dem Link in der E-Mail, die wir an die angegebene Adresse schicken: Erst dann wird sie wirksam. Als Zeitpunkt zählt der Eingang jetzt.',
  needs_confirmation: true,
};
const notFound =
  'Zu dieser E-Mail Adresse und Vertragsnummer haben wir keinen laufenden Vertrag gefunden. Wenn du Premium mit einer anderen E-Mail Adresse bestellt hast, antworte uns bitte mit der Vertragsnummer aus deiner Bestellbestätigung.';

describe('the forms without a login', () => {
  it('the answer is the same for every address: the time of receipt and that the confirmation comes by mail', async () => {
    const m = await registerMember(t);
    await buyAtStripe(m);
    const iso = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    for (const email of [m.email, 'niemand-1@example.org']) {
      const res = await call(t, 'POST', '/api/payments/cancellation', {
        body: { kind: 'ordinary', name: 'Erika', email },
      });
      expect(res.status).toBe(202);
      expect(res.json).toEqual({ received_at: iso, ...received });
    }
    const english = await call(t, 'POST', '/api/payments/withdrawal', {
      body: { name: 'Sam', email: 'nobody-1@example.org' },
      locale: 'en',
    });
    expect(english.json).toEqual({
      received_at: iso,
      message:
        'Your statement has arrived. Please confirm it with the link in the e-mail we are sending to the address you gave: only then does it take effect. What counts is the time it arrived, now.',
      needs_confirmation: true,
    });
    await t.app.ctx.jobs.drain();
  });

  it('no running contract for the address: the declaration is kept as given, and only that address learns that nothing was found, under the same subject as a found one', async () => {
    const address = 'niemand-2@example.org';
    const { declaration: withdrawal } = await declare('withdrawal', { name: 'Erika', email: address });
    expect(withdrawal).toEqual({
      id: expect.any(Number),
      kind: 'withdrawal',
      reason: null,
      name: 'Erika',
      email: address,
      contractReference: null,
      requestedDate: null,
      locale: 'de',
      userId: null,
      subscriptionId: null,
      receivedAt: expect.any(Date),
      // Nothing to confirm where nothing was found: no link was sent.
      confirmTokenHash: null,
      confirmSentAt: null,
      confirmedAt: null,
      processedAt: expect.any(Date),
    });
    const [w] = await confirmations(address);
    expect(w!.subject).toBe('Trostnetz: Dein Widerruf ist eingegangen');
    expect(plainLines(w!)).toEqual([
      'Hallo Erika,',
      `wir haben deinen Widerruf am ${de(withdrawal.receivedAt)} erhalten.`,
      notFound,
      '',
      toApp,
      '',
      footer,
    ]);

    const other = 'niemand-3@example.org';
    const { declaration: extraordinary } = await declare('cancellation', {
      kind: 'extraordinary',
      reason: '  Umzug ins Ausland  ',
      name: 'Erika',
      email: other,
      contract_reference: ' pv-abcd-efgh ',
      date: '2031-01-31',
    });
    expect(extraordinary).toMatchObject({
      kind: 'extraordinary',
      reason: 'Umzug ins Ausland',
      contractReference: 'PV-ABCD-EFGH',
      requestedDate: '2031-01-31',
      userId: null,
      subscriptionId: null,
      processedAt: expect.any(Date),
    });
    const { declaration: ordinary } = await declare('cancellation', {
      kind: 'ordinary',
      reason: '   ',
      name: 'Erika',
      email: other,
    });
    expect(ordinary).toMatchObject({
      kind: 'ordinary',
      reason: null,
      contractReference: null,
      requestedDate: null,
    });
    const mails = await confirmations(other);
    expect(mails.map((x) => x.subject)).toEqual([
      'Trostnetz: Deine Kündigung ist eingegangen',
      'Trostnetz: Deine Kündigung ist eingegangen',
    ]);
    expect(plainLines(mails[0]!)).toEqual([
      'Hallo Erika,',
      `wir haben deine Kündigung (außerordentliche Kündigung) am ${de(extraordinary.receivedAt)} erhalten.`,
      notFound,
      '',
      toApp,
      '',
      footer,
    ]);
    expect(plainLines(mails[1]!)[1]).toBe(
      `wir haben deine Kündigung (ordentliche Kündigung) am ${de(ordinary.receivedAt)} erhalten.`,
    );

    // The job runs once per declaration: run again (a retry after it finished), it does nothing.
    const waiting = await t.app.ctx.jobs.pending('payments-declaration');
    await t.app.ctx.jobs.send('payments-declaration', { declarationId: withdrawal.id });
    await t.app.ctx.jobs.drain();
    expect(await t.app.ctx.jobs.pending('payments-declaration')).toBe(waiting);
    expect(await confirmations(address)).toHaveLength(1);
  });

  it('an ordinary cancellation ends the contract at its period end, at Stripe too; premium until then; one confirmation when the form names the account’s own address; sent again, nothing changes and nobody is told live', async () => {
    const m = await registerMember(t, { nickname: 'Mitglied Erika' });
    const sub = await buyAtStripe(m);
    const calls = stripeCalls();
    const { declaration } = await declare('cancellation', {
      kind: 'ordinary',
      name: 'Erika',
      email: m.email,
    });
    const end = sub.currentPeriodEnd!;
    await expectEndsAtPeriodEnd(sub, end, calls());
    expect(await userRow(m.id)).toMatchObject({ isPremium: true, premiumUntil: end });
    expect(declaration).toMatchObject({ userId: m.id, subscriptionId: sub.id });
    const mails = await confirmations(m.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Trostnetz: Deine Kündigung ist eingegangen');
    expect(plainLines(mails[0]!)).toEqual([
      'Hallo Erika,',
      `wir haben deine Kündigung (ordentliche Kündigung) am ${de(declaration.receivedAt)} erhalten.`,
      `Dein Vertrag ${sub.reference} endet am ${de(end)}. Bis dahin bleibt Premium bestehen; danach wird nichts mehr abgebucht.`,
      '',
      toApp,
      '',
      footer,
    ]);

    const before = await userRow(m.id);
    const live = vi.spyOn(t.app.ctx.broadcaster, 'toMember');
    try {
      await declare('cancellation', { kind: 'ordinary', name: 'Erika', email: m.email });
      expect(live.mock.calls.filter(([id]) => id === m.id)).toEqual([]);
    } finally {
      live.mockRestore();
    }
    expect((await userRow(m.id)).updatedAt).toEqual(before.updatedAt);
    expect(await contractOf(sub.id)).toMatchObject({ status: 'active', endsAt: end });
  });

  it('an ordinary cancellation to a date ends with the first period end on or after it (at Stripe: the period end, or cancel_at)', async () => {
    const m = await registerMember(t);
    const sub = await buyAtStripe(m);
    const today = new Date();
    // Period ends on the first of a month at midnight UTC: the month after next, and the ones after it.
    const first = (k: number) => new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 2 + k, 1));
    const periodEnd = first(0);
    await db().update(subscriptions).set({ currentPeriodEnd: periodEnd }).where(eq(subscriptions.id, sub.id));
    const day = (d: Date, days: number) => new Date(d.getTime() + days * DAY).toISOString().slice(0, 10);
    const atPeriodEnd = { cancel_at_period_end: 'true' };
    for (const [date, end, atStripe] of [
      [day(periodEnd, -5), periodEnd, atPeriodEnd],
      [day(periodEnd, 0), periodEnd, atPeriodEnd],
      [day(periodEnd, 1), first(1), { cancel_at: String(unix(first(1))) }],
      [day(periodEnd, 40), first(2), { cancel_at: String(unix(first(2))) }],
    ] as const) {
      const calls = stripeCalls();
      const { declaration } = await declare('cancellation', {
        kind: 'ordinary',
        name: 'Erika',
        email: m.email,
        date,
      });
      expect(declaration.requestedDate).toBe(date);
      expect(await contractOf(sub.id), date).toMatchObject({ status: 'active', endsAt: end });
      expect(calls(), date).toEqual([
        { method: 'POST', path: `/v1/subscriptions/${sub.providerSubscriptionId}`, params: atStripe },
      ]);
      expect(await userRow(m.id)).toMatchObject({ isPremium: true, premiumUntil: end });
      expect(plainLines((await confirmations(m.email)).at(-1)!)[2]).toBe(
        `Dein Vertrag ${sub.reference} endet am ${de(end)}. Bis dahin bleibt Premium bestehen; danach wird nichts mehr abgebucht.`,
      );
    }
  });

  it('an extraordinary cancellation ends the contract at the date given if it is still ahead, else at once (at Stripe: cancel_at, or cancelled)', async () => {
    const m = await registerMember(t);
    const sub = await buyAtStripe(m);
    const today = new Date();
    const wanted = new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate() + 3));
    const reason = 'Ich ziehe ins Ausland.';
    let calls = stripeCalls();
    await declare('cancellation', {
      kind: 'extraordinary',
      reason,
      name: 'Erika',
      email: m.email,
      date: wanted.toISOString().slice(0, 10),
    });
    expect(await contractOf(sub.id)).toMatchObject({
      status: 'active',
      endsAt: wanted,
      endReason: 'cancelled',
    });
    expect(calls()).toEqual([
      {
        method: 'POST',
        path: `/v1/subscriptions/${sub.providerSubscriptionId}`,
        params: { cancel_at: String(unix(wanted)) },
      },
    ]);
    expect(await userRow(m.id)).toMatchObject({ isPremium: true, premiumUntil: wanted });
    const ahead = plainLines((await confirmations(m.email)).at(-1)!);
    expect(ahead[1]).toMatch(/^wir haben deine Kündigung \(außerordentliche Kündigung\) am /);
    expect(ahead[2]).toBe(
      `Dein Vertrag ${sub.reference} endet am ${de(wanted)}. Bis dahin bleibt Premium bestehen; danach wird nichts mehr abgebucht.`,
    );

    // A date already past: the contract ends at once, and the confirmation says today, not that date.
    calls = stripeCalls();
    await declare('cancellation', {
      kind: 'extraordinary',
      reason,
      name: 'Erika',
      email: m.email,
      date: '2020-01-01',
    });
    const ended = await contractOf(sub.id);
    expect(ended).toMatchObject({ status: 'ended', endReason: 'cancelled' });
    expect(ended.endsAt).toEqual(ended.endedAt);
    expect(ended.endedAt!.getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(calls()).toEqual([
      { method: 'DELETE', path: `/v1/subscriptions/${sub.providerSubscriptionId}`, params: {} },
    ]);
    expect(await userRow(m.id)).toMatchObject({ isPremium: false, premiumUntil: null });
    expect(plainLines((await confirmations(m.email)).at(-1)!)[2]).toBe(
      `Dein Vertrag ${sub.reference} endet am ${de(new Date())}. Bis dahin bleibt Premium bestehen; danach wird nichts mehr abgebucht.`,
    );
  });

  it('an extraordinary cancellation without a date ends the contract in the instant it is processed', async () => {
    const m = await registerMember(t);
    const sub = await buyAtStripe(m);
    const calls = stripeCalls();
    const { now } = await declare(
      'cancellation',
      { kind: 'extraordinary', reason: 'Unzumutbar', name: 'Erika', email: m.email },
      { frozen: true },
    );
    expect(await contractOf(sub.id)).toMatchObject({
      status: 'ended',
      endsAt: now,
      endedAt: now,
      endReason: 'cancelled',
    });
    expect(calls()).toEqual([
      { method: 'DELETE', path: `/v1/subscriptions/${sub.providerSubscriptionId}`, params: {} },
    ]);
    expect(await userRow(m.id)).toMatchObject({ isPremium: false, premiumUntil: null });
  });
});

describe('withdrawal within 14 days, with the pro-rata refund', () => {
  // Contracts that started on 1 March 2025, 11:00 in Berlin; the declarations arrive at fixed times.
  const started = new Date(Date.UTC(2025, 2, 1, 10));

  it('14 days after the start to the millisecond it is still a withdrawal: ended at once, at Stripe too, refunded for the 17 of 31 days not used (3,83 € of 6,99 €), counted from the payment, not from opening the checkout', async () => {
    const m = await registerMember(t);
    const sub = await buyAtStripe(m);
    // The checkout was opened two days before the payment went through.
    await db()
      .update(subscriptions)
      .set({ startedAt: started, createdAt: new Date(started.getTime() - 2 * DAY) })
      .where(eq(subscriptions.id, sub.id));
    await db()
      .update(payments)
      .set({ paidAt: started, periodEnd: new Date(Date.UTC(2025, 3, 1, 10)) })
      .where(eq(payments.subscriptionId, sub.id));
    const [paid] = await db().select().from(payments).where(eq(payments.subscriptionId, sub.id));
    const calls = stripeCalls();
    const { declaration } = await declare(
      'withdrawal',
      { name: 'Erika', email: m.email },
      { receivedAt: new Date(started.getTime() + 14 * DAY) },
    );
    const ended = await contractOf(sub.id);
    expect(ended).toMatchObject({ status: 'ended', endReason: 'withdrawn' });
    expect(ended.endsAt).toEqual(ended.endedAt);
    expect(calls()).toEqual([
      { method: 'DELETE', path: `/v1/subscriptions/${sub.providerSubscriptionId}`, params: {} },
      {
        method: 'POST',
        path: '/v1/refunds',
        params: { payment_intent: paid!.providerPaymentId, amount: '383' },
        idempotencyKey: `withdrawal-${declaration.id}-${sub.id}`,
      },
    ]);
    expect(await userRow(m.id)).toMatchObject({ isPremium: false, premiumUntil: null });
    expect(declaration).toMatchObject({ userId: m.id, subscriptionId: sub.id });
    const mails = await confirmations(m.email);
    expect(mails.map((x) => x.subject)).toEqual(['Trostnetz: Dein Widerruf ist eingegangen']);
    expect(plainLines(mails[0]!)).toEqual([
      'Hallo Erika,',
      'wir haben deinen Widerruf am 15. März 2025 erhalten.',
      `Dein Vertrag ${sub.reference} ist damit beendet. Wir erstatten dir ${euro('3,83')} spätestens binnen 14 Tagen mit demselben Zahlungsmittel (den Anteil für die Zeit, in der Premium schon lief, behalten wir ein).`,
      '',
      toApp,
      '',
      footer,
    ]);
  });

  it('a second after the 14 days it counts as an ordinary cancellation: the contract ends at its period end, nothing is refunded', async () => {
    const m = await registerMember(t);
    const sub = await buyAtStripe(m);
    await db().update(subscriptions).set({ startedAt: started }).where(eq(subscriptions.id, sub.id));
    const calls = stripeCalls();
    const { declaration } = await declare(
      'withdrawal',
      { name: 'Erika', email: m.email },
      { receivedAt: new Date(started.getTime() + 14 * DAY + 1000) },
    );
    const end = sub.currentPeriodEnd!;
    await expectEndsAtPeriodEnd(sub, end, calls());
    expect(await userRow(m.id)).toMatchObject({ isPremium: true, premiumUntil: end });
    expect(declaration).toMatchObject({ userId: m.id, subscriptionId: sub.id });
    const mails = await confirmations(m.email);
    expect(mails.map((x) => x.subject)).toEqual(['Trostnetz: Dein Widerruf ist eingegangen']);
    expect(plainLines(mails[0]!)).toEqual([
      'Hallo Erika,',
      'wir haben deinen Widerruf am 15. März 2025 erhalten.',
      `Die Widerrufsfrist von 14 Tagen war für den Vertrag ${sub.reference} schon abgelaufen. Wir behandeln deine Erklärung deshalb als Kündigung: Der Vertrag endet am ${de(end)}, bis dahin bleibt Premium bestehen.`,
      '',
      toApp,
      '',
      footer,
    ]);
  });

  it('a payment with no period on record counts from its payment date over the plan’s months: 7 of 28 days used, 5,24 € back', async () => {
    const m = await registerMember(t);
    const sub = await buyAtStripe(m);
    const paidAt = new Date(Date.UTC(2025, 1, 1));
    await db().update(subscriptions).set({ startedAt: paidAt }).where(eq(subscriptions.id, sub.id));
    await db().update(payments).set({ paidAt, periodEnd: null }).where(eq(payments.subscriptionId, sub.id));
    const calls = stripeCalls();
    await declare(
      'withdrawal',
      { name: 'Erika', email: m.email },
      { receivedAt: new Date(paidAt.getTime() + 7 * DAY) },
    );
    expect(calls()[1]).toMatchObject({ path: '/v1/refunds', params: { amount: '524' } });
    expect(plainLines((await confirmations(m.email))[0]!)[2]).toContain(
      `Wir erstatten dir ${euro('5,24')} spätestens`,
    );
  });

  it('nothing to refund: no payment on record yet, or a payment of 0 € — the confirmation says 0,00 € and Stripe is asked for no refund', async () => {
    const unpaid = await registerMember(t);
    const free = await registerMember(t);
    const withoutInvoice = await buyAtStripe(unpaid, { invoice: false });
    const zero = await buyAtStripe(free);
    await db().update(payments).set({ amountCents: 0 }).where(eq(payments.subscriptionId, zero.id));
    for (const [m, sub] of [
      [unpaid, withoutInvoice],
      [free, zero],
    ] as const) {
      const calls = stripeCalls();
      await declare('withdrawal', { name: 'Erika', email: m.email });
      expect(await contractOf(sub.id)).toMatchObject({ status: 'ended', endReason: 'withdrawn' });
      expect(calls()).toEqual([
        { method: 'DELETE', path: `/v1/subscriptions/${sub.providerSubscriptionId}`, params: {} },
      ]);
      expect(plainLines((await confirmations(m.email))[0]!)[2]).toBe(
        `Dein Vertrag ${sub.reference} ist damit beendet. Wir erstatten dir ${euro('0,00')} spätestens binnen 14 Tagen mit demselben Zahlungsmittel (den Anteil für die Zeit, in der Premium schon lief, behalten wir ein).`,
      );
    }
  });

  it('a contract of the built-in test provider (from before Stripe was configured) ends here alone: Stripe is neither cancelled nor asked for a refund', async () => {
    const m = await registerMember(t);
    const n = Date.now();
    const [sub] = await db()
      .insert(subscriptions)
      .values({
        reference: 'PV-TEST-OLD1',
        userId: m.id,
        email: m.email,
        planId: 'premium-1m',
        months: 1,
        totalCents: 699,
        provider: 'test',
        checkoutSessionId: 'cs_test_from_before_stripe1',
        providerSubscriptionId: 'sub_test_from_before_stripe1',
        status: 'active',
        immediateStartAt: new Date(n - 2 * DAY),
        startedAt: new Date(n - 2 * DAY),
        currentPeriodEnd: second(n + 28 * DAY),
      })
      .returning();
    await db()
      .insert(payments)
      .values({
        number: 'Q-TEST-OLD1',
        subscriptionId: sub!.id,
        providerInvoiceId: 'in_test_from_before_stripe1',
        providerPaymentId: 'pi_test_from_before_stripe1',
        amountCents: 699,
        paidAt: new Date(n - 2 * DAY),
        periodEnd: second(n + 28 * DAY),
      });
    const calls = stripeCalls();
    await declare('withdrawal', { name: 'Erika', email: m.email });
    expect(await contractOf(sub!.id)).toMatchObject({ status: 'ended', endReason: 'withdrawn' });
    expect(calls()).toEqual([]);
  });
});

describe("each confirmation in its addressee's language", () => {
  const subjects = async (address: string) =>
    (await outbox(t)).filter((x) => x.to === address).map((x) => x.subject);

  it("an English account's address gets its withdrawal confirmation in English though the form was German; an address of no account in the form's language", async () => {
    const m = await registerMember(t, { locale: 'en' });
    await buyAtStripe(m);
    await declare('withdrawal', { name: 'Sam', email: m.email }, { locale: 'de' });
    expect(await subjects(m.email)).toContain('Trostnetz: Your withdrawal has arrived');
    expect(await subjects(m.email)).not.toContain('Trostnetz: Dein Widerruf ist eingegangen');
    const guest = 'hilfe-lang-1@example.org';
    await declare('withdrawal', { name: 'Sam', email: guest }, { locale: 'en' });
    expect(await subjects(guest)).toEqual(['Trostnetz: Your withdrawal has arrived']);
    const gast = 'hilfe-lang-2@example.org';
    await declare('withdrawal', { name: 'Sam', email: gast }, { locale: 'de' });
    expect(await subjects(gast)).toEqual(['Trostnetz: Dein Widerruf ist eingegangen']);
  });

  it('a member who switched the account to English gets the cancellation of a German form in English, its kind named in English', async () => {
    const m = await registerMember(t, { locale: 'de' });
    await buyAtStripe(m);
    const changed = await call(t, 'POST', '/api/settings/change-locale', {
      token: m.token,
      body: { locale: 'en' },
    });
    expect(changed.status).toBe(200);
    expect(changed.json.user).toMatchObject({ locale: 'en' });
    await declare('cancellation', { kind: 'ordinary', name: 'Sam', email: m.email }, { locale: 'de' });
    const mails = (await outbox(t)).filter(
      (x) => x.to === m.email && /cancellation|Kündigung/i.test(x.subject),
    );
    // The link asking to confirm, then the confirmation: both in the account's language.
    expect(mails.map((x) => x.subject)).toEqual([
      'Trostnetz: Your cancellation has arrived',
      'Trostnetz: Your cancellation has arrived',
    ]);
    expect(plainLines(mails[0]!).join('\n')).toContain(
      'Confirm now: http://localhost:3000/contracts/confirm/dc_',
    );
    expect(plainLines(mails[1]!).join('\n')).toContain('ordinary cancellation');
  });

  it("a guest form naming an English account's address that has no contract is answered in English", async () => {
    const m = await registerMember(t, { locale: 'en' });
    await declare('withdrawal', { name: 'Sam', email: m.email }, { locale: 'de' });
    expect(await subjects(m.email)).toContain('Trostnetz: Your withdrawal has arrived');
  });

  it('the account language takes only de or en, and only from its own member', async () => {
    expect((await call(t, 'POST', '/api/settings/change-locale', { body: { locale: 'en' } })).status).toBe(
      401,
    );
    const m = await registerMember(t);
    const bad = await call(t, 'POST', '/api/settings/change-locale', {
      token: m.token,
      body: { locale: 'fr' },
    });
    expect(bad.status).toBe(422);
    expect((await userRow(m.id)).locale).toBe('de');
  });
});

describe('cancelling in the settings and deleting the account', () => {
  it('one click: the contract ends at its period end (at Stripe too), the answer shows it, a mail confirms it; a second click finds nothing to cancel', async () => {
    const m = await registerMember(t, { nickname: 'Mitglied Ole' });
    const sub = await buyAtStripe(m);
    const [receipt] = await db().select().from(payments).where(eq(payments.subscriptionId, sub.id));
    const calls = stripeCalls();
    const res = await call(t, 'POST', '/api/payments/subscription/cancel', { token: m.token });
    const end = sub.currentPeriodEnd!;
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      is_premium: true,
      premium_until: end.toISOString(),
      show_supporter_badge: (await userRow(m.id)).showSupporterBadge,
      subscription: {
        reference: sub.reference,
        plan: { id: 'premium-1m', months: 1, currency: 'eur', total_cents: 699, per_month_cents: 699 },
        status: 'active',
        current_period_end: end.toISOString(),
        grace_until: null,
        ends_at: end.toISOString(),
        started_at: sub.startedAt!.toISOString(),
      },
      receipts: [
        {
          number: receipt!.number,
          amount_cents: 699,
          currency: 'eur',
          paid_at: receipt!.paidAt.toISOString(),
          period_end: end.toISOString(),
        },
      ],
    });
    await expectEndsAtPeriodEnd(sub, end, calls());
    const mails = await confirmations(m.email);
    expect(mails.map((x) => x.subject)).toEqual(['Trostnetz: Deine Kündigung ist eingegangen']);
    expect(plainLines(mails[0]!)).toEqual([
      'Hallo Mitglied Ole,',
      `wir haben deine Kündigung (ordentliche Kündigung) am ${de(new Date())} erhalten.`,
      `Dein Vertrag ${sub.reference} endet am ${de(end)}. Bis dahin bleibt Premium bestehen; danach wird nichts mehr abgebucht.`,
      '',
      toApp,
      '',
      footer,
    ]);
    const again = await call(t, 'POST', '/api/payments/subscription/cancel', { token: m.token });
    expect(again.status).toBe(404);
    expect(again.json).toEqual({ code: 'not_found', message: 'Nicht gefunden.' });
  });

  it('Stripe unreachable: cancelling answers 503 payment_provider_unavailable and the contract goes on unchanged', async () => {
    const m = await registerMember(t);
    const sub = await buyAtStripe(m, { providerId: 'sub_broken_1' });
    const res = await call(t, 'POST', '/api/payments/subscription/cancel', { token: m.token });
    expect(res.status).toBe(503);
    expect(res.json).toEqual({
      code: 'payment_provider_unavailable',
      message: 'Die Zahlung ist gerade nicht erreichbar. Bitte versuche es in ein paar Minuten noch einmal.',
    });
    expect(await contractOf(sub.id)).toMatchObject({ status: 'active', endsAt: null, endReason: null });
    expect(await userRow(m.id)).toMatchObject({
      isPremium: true,
      premiumUntil: new Date(sub.currentPeriodEnd!.getTime() + DAY),
    });
    expect(await confirmations(m.email)).toEqual([]);
  });

  it('deleting the account ends a renewing contract at its period end; one already cancelled to a later date keeps that date', async () => {
    const renewing = await registerMember(t);
    const cancelled = await registerMember(t);
    const a = await buyAtStripe(renewing);
    const b = await buyAtStripe(cancelled);
    const later = new Date(b.currentPeriodEnd!.getTime() + 2 * DAY).toISOString().slice(0, 10);
    await declare('cancellation', { kind: 'ordinary', name: 'Erika', email: cancelled.email, date: later });
    const kept = await contractOf(b.id);
    expect(kept.endsAt!.getTime()).toBeGreaterThan(b.currentPeriodEnd!.getTime());
    const deleteAccount = (m: MemberTokens) =>
      call(t, 'POST', '/api/user/delete', { token: m.token, body: { password: strongPassword } });

    let calls = stripeCalls();
    expect((await deleteAccount(renewing)).status).toBe(200);
    expect(await contractOf(a.id)).toMatchObject({
      status: 'active',
      endsAt: a.currentPeriodEnd,
      endReason: 'account_deleted',
    });
    expect(calls()).toEqual([
      {
        method: 'POST',
        path: `/v1/subscriptions/${a.providerSubscriptionId}`,
        params: { cancel_at_period_end: 'true' },
      },
    ]);

    calls = stripeCalls();
    expect((await deleteAccount(cancelled)).status).toBe(200);
    expect(await contractOf(b.id)).toMatchObject({
      status: 'active',
      endsAt: kept.endsAt,
      endReason: 'cancelled',
    });
    expect(calls()).toEqual([]);
  });
});
