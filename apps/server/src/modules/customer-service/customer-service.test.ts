import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { supportRequests } from '../../db/schema/support.ts';
import { eraseMember, exportMember } from '../../lifecycle/member-data-table.ts';
import { onboardMember, registerMember } from '../../test/factories.ts';
import { call, createTestApp, outbox, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { RATE_LIMIT_FACTOR: '100', SUPPORT_EMAIL: 'team@trost.example' });
});
afterAll(() => t.close());

let seq = 0;
const form = (overrides: Record<string, unknown> = {}) => ({
  topic: 'question',
  name: 'Erika Muster',
  email: `erika${++seq}@example.org`,
  message: 'Wie ändere ich meinen Spitznamen?',
  rendered_at: Date.now() - 10_000,
  website: '',
  ...overrides,
});
const send = (body: unknown, opts: { token?: string; locale?: 'de' | 'en'; app?: TestApp } = {}) =>
  call(opts.app ?? t, 'POST', '/api/customer-service', { body, token: opts.token, locale: opts.locale });
const stored = (email: string) =>
  t.app.ctx.db.select().from(supportRequests).where(eq(supportRequests.email, email));

describe('issue 15 customer service: POST /api/customer-service', () => {
  it('a guest request is stored with a reference and mailed to the sender (their language) and the team, never with the message', async () => {
    const body = form({ topic: 'technical', message: 'Die Seite lädt nicht, seit gestern Abend.' });
    const res = await send(body, { locale: 'en' });
    expect(res.status).toBe(201);
    const reference = String(res.json.reference);
    expect(reference).toMatch(/^KS-[A-HJ-NP-Z2-9]{4}-[A-HJ-NP-Z2-9]{4}$/);
    const [row] = await stored(body.email);
    expect(row).toMatchObject({ reference, topic: 'technical', userId: null, locale: 'en', status: 'open' });
    expect(row!.message).toBe(body.message);
    const mails = (await outbox(t)).filter((m) => m.text.includes(reference));
    const toSender = mails.find((m) => m.to.includes(body.email))!;
    const toTeam = mails.find((m) => m.to.includes('team@trost.example'))!;
    expect(toSender.subject).toBe(`Trostnetz: Your request ${reference} has arrived`);
    expect(toSender.text).toContain('A technical problem');
    expect(toTeam.subject).toBe(
      `Trostnetz Kundenservice: neue Anfrage ${reference} (Ein technisches Problem)`,
    );
    for (const mail of mails) expect(mail.text).not.toContain('seit gestern Abend');
  });

  it("a guest request sent from a German page with an English account's address is confirmed in English", async () => {
    const member = await registerMember(t, { locale: 'en' });
    const body = form({ email: member.email.toUpperCase() });
    const res = await send(body, { locale: 'de' });
    expect(res.status).toBe(201);
    const reference = String(res.json.reference);
    const toSender = (await outbox(t)).find((m) => m.text.includes(reference) && !m.to.includes('team@'))!;
    expect(toSender.subject).toBe(`Trostnetz: Your request ${reference} has arrived`);
  });

  it('the honeypot: a filled hidden field gets the same answer, but nothing is stored or mailed', async () => {
    const before = (await outbox(t)).length;
    const body = form({ website: 'https://spam.example' });
    const res = await send(body);
    expect(res.status).toBe(201);
    expect(res.json.reference).toMatch(/^KS-/);
    expect(await stored(body.email)).toEqual([]);
    expect((await outbox(t)).length).toBe(before);
  });

  it('the minimum fill time: under 3 s after the form was shown is 422 on rendered_at, from 3 s on it is taken', async () => {
    const quick = form({ rendered_at: Date.now() - 2500 });
    const res = await send(quick);
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({
      rendered_at: [
        'Das ging sehr schnell. Bitte lies deine Nachricht noch einmal durch und sende sie dann erneut.',
      ],
    });
    expect(await stored(quick.email)).toEqual([]);
    expect((await send(form({ rendered_at: Date.now() - 3100 }))).status).toBe(201);
    expect((await send(form({ rendered_at: Date.now() + 3_600_000 }))).status).toBe(422);
  });

  it('bad input is 422 with messages on the fields (too long, NUL, missing, invalid address, unknown topic)', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ message: 'x'.repeat(5001) }, 'message', 'Diese Angabe darf höchstens 5000 Zeichen lang sein.'],
      [{ message: 'kurz' }, 'message', 'Diese Angabe muss mindestens 10 Zeichen lang sein.'],
      [{ name: 'Eri\u0000ka' }, 'name', 'Diese Angabe enthält Zeichen, die wir nicht speichern können.'],
      [{ name: undefined }, 'name', 'Diese Angabe ist notwendig.'],
      [{ email: 'keine-adresse' }, 'email', 'Bitte gib eine gültige E-Mail Adresse an.'],
      [{ topic: 'lottery' }, 'topic', 'Diese Angabe ist notwendig.'],
      [{ name: 'n'.repeat(101) }, 'name', 'Diese Angabe darf höchstens 100 Zeichen lang sein.'],
    ];
    for (const [change, field, message] of cases) {
      const body = form(change);
      const res = await send(body);
      expect(res.status, field).toBe(422);
      expect((res.json.errors as Record<string, string[]>)[field], field).toEqual([message]);
      expect(await stored(body.email)).toEqual([]);
    }
    const en = await send(form({ email: 'nope' }), { locale: 'en' });
    expect(en.json.errors).toEqual({ email: ['this field must have a valid email address.'] });
  });

  it('a signed-in member: the request belongs to them and they see it with the answer; others see only theirs', async () => {
    const a = await onboardMember(t);
    const b = await onboardMember(t);
    const first = await send(form({ email: a.email, topic: 'premium' }), { token: a.token });
    const second = await send(form({ email: a.email, topic: 'privacy' }), { token: a.token });
    expect(first.status).toBe(201);
    await t.app.ctx.db
      .update(supportRequests)
      .set({ status: 'answered', answer: 'Das geht in den Einstellungen.', answeredAt: new Date() })
      .where(eq(supportRequests.reference, String(first.json.reference)));
    const mine = await call(t, 'GET', '/api/customer-service/mine', { token: a.token });
    expect(mine.status).toBe(200);
    const list = mine.json as unknown as Array<Record<string, unknown>>;
    expect(list.map((x) => x.reference)).toEqual([second.json.reference, first.json.reference]);
    expect(list[1]).toMatchObject({
      topic: 'premium',
      status: 'answered',
      answer: 'Das geht in den Einstellungen.',
    });
    expect(list[0]).toMatchObject({ topic: 'privacy', status: 'open', answer: null, answered_at: null });
    expect((await call(t, 'GET', '/api/customer-service/mine', { token: b.token })).json).toEqual([]);
    expect((await call(t, 'GET', '/api/customer-service/mine')).status).toBe(401);
    expect((await send(form(), { token: 'not-a-token' })).status).toBe(401);
  });

  it('a member’s requests are exported with the account and erased with it', async () => {
    const a = await onboardMember(t);
    const res = await send(form({ email: a.email }), { token: a.token });
    const exported = (await exportMember(t.app.ctx, a.id)).customerService;
    expect(exported.map((r) => r.reference)).toEqual([res.json.reference]);
    await eraseMember(t.app.ctx, a.id);
    expect(await stored(a.email)).toEqual([]);
  });
});

describe('issue 15 customer-service rate limits (config.ts: 5/h per address, 3/h per e-mail)', () => {
  it('per e-mail: the 3rd request of one address passes, the 4th is 429; another e-mail still passes', async () => {
    const r = await createTestApp();
    try {
      const email = 'limit@example.org';
      for (let i = 0; i < 3; i++) expect((await send(form({ email }), { app: r })).status).toBe(201);
      const refused = await send(form({ email: 'LIMIT@example.org' }), { app: r });
      expect(refused.status).toBe(429);
      expect(refused.json.code).toBe('rate_limited');
      expect(refused.headers['retry-after']).toBeDefined();
      expect((await send(form(), { app: r })).status).toBe(201);
      // … and per client address: the 5th request from it passed, the 6th is refused whatever the e-mail.
      expect((await send(form(), { app: r })).status).toBe(429);
    } finally {
      await r.close();
    }
  });
});
