import { eq, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../db/schema/chat.ts';
import { questionnaireAnswers } from '../../db/schema/questionnaire.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { type MemberTokens, onboardMember, registerMember, strongPassword } from '../../test/factories.ts';
import { call, createTestApp, outbox, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const DAY = 86_400_000;
const post = (m: MemberTokens | null, url: string, body: unknown = {}) =>
  call(t, 'POST', url, { token: m?.token, body });
const login = (email: string, password = strongPassword) =>
  call(t, 'POST', '/api/auth/tokens', { body: { username: email, password } });

/** Two befriended members who wrote to each other. */
async function partners(): Promise<[MemberTokens, MemberTokens]> {
  const a = await onboardMember(t);
  const b = await onboardMember(t);
  await post(a, `/api/user/friend/request/send/${b.id}`, { message: 'Magst du schreiben?' });
  await post(b, `/api/user/friend/request/accept/${a.id}`);
  await post(a, `/api/chat/${b.id}/send`, { message: 'Hallo B' });
  await post(b, `/api/chat/${a.id}/send`, { message: 'Hallo A' });
  return [a, b];
}

const partnerEntry = async (viewer: MemberTokens, otherId: number) =>
  (
    (await call(t, 'GET', '/api/chat/partners', { token: viewer.token })).json as unknown as Array<
      Record<string, unknown>
    >
  ).find((p) => p.id === otherId);

const suggestedIds = async (viewer: MemberTokens) =>
  (
    ((await call(t, 'GET', '/api/user/matching/suggestions', { token: viewer.token })).json.suggestions ??
      []) as Array<{ id: number }>
  ).map((s) => s.id);

const row = async (id: number) => (await t.app.ctx.db.select().from(users).where(eq(users.id, id)))[0]!;

/** The undo link of the member's newest deletion mail. */
async function undoToken(m: MemberTokens): Promise<string> {
  const link = (await outbox(t))
    .filter((x) => x.to.includes(m.email))
    .flatMap((x) => x.links)
    .filter((l) => l.includes('/keep-account/'))
    .map((l) => decodeURIComponent(new URL(l).pathname.split('/').at(-1)!))
    // The newest request's link: the token names the moment of its request.
    .sort((x, y) => Number(x.split('.')[1]) - Number(y.split('.')[1]))
    .at(-1);
  if (!link) throw new Error(`no deletion mail for ${m.email}`);
  return link;
}

async function requestDeletion(m: MemberTokens) {
  const res = await post(m, '/api/user/delete', { password: strongPassword });
  expect(res.status).toBe(200);
  return res;
}

describe('issue 11: deleting the account asks for the password', () => {
  it('a wrong password is answered 422 and changes nothing', async () => {
    const [a, b] = await partners();
    const res = await post(a, '/api/user/delete', { password: 'nicht mein Passwort 123' });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe('validation_failed');
    expect(res.json.errors).toEqual({ password: ['Das Passwort ist nicht korrekt.'] });
    expect((await row(a.id)).deletionRequestedAt).toBeNull();
    expect((await call(t, 'GET', '/api/profile/init', { token: a.token })).status).toBe(200);
    expect((await partnerEntry(b, a.id))?.nickname).not.toBe('');
    expect(
      (await outbox(t)).filter(
        (m) => m.to.includes(a.email) && m.links.some((l) => l.includes('/keep-account/')),
      ),
    ).toEqual([]);
  });

  it('bad input and guests are refused with 4xx and nothing changes', async () => {
    const a = await onboardMember(t);
    for (const body of [{}, { password: '' }, { password: 42 }, { password: 'x'.repeat(1025) }, null]) {
      const res = await post(a, '/api/user/delete', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await post(null, '/api/user/delete', { password: strongPassword })).status).toBe(401);
    expect((await row(a.id)).deletionRequestedAt).toBeNull();
  });

  it('asking to delete is limited to 5 tries per 15 minutes (the 6th is 429)', async () => {
    const a = await onboardMember(t);
    for (let i = 0; i < 5; i++) {
      expect((await post(a, '/api/user/delete', { password: `falsch ${i} geraten` })).status).toBe(422);
    }
    expect((await post(a, '/api/user/delete', { password: strongPassword })).status).toBe(429);
    expect((await row(a.id)).deletionRequestedAt).toBeNull();
  });
});

describe('issue 11: with the right password the account is hidden from everyone at once', () => {
  it('the partner sees the deleted-account state, the chat closes, the profile is not found', async () => {
    const [a, b] = await partners();
    const before = Date.now();
    const res = await requestDeletion(a);
    const eraseAfter = new Date(res.json.erase_after as string).getTime();
    expect(eraseAfter).toBeGreaterThanOrEqual(before + 30 * DAY);
    expect(eraseAfter).toBeLessThanOrEqual(Date.now() + 30 * DAY);

    const entry = await partnerEntry(b, a.id);
    expect(entry).toMatchObject({ id: a.id, nickname: '', avatar: null, online: false, friend_status: 2 });
    expect((await call(t, 'GET', `/api/profile/${a.id}`, { token: b.token })).status).toBe(404);
    const send = await post(b, `/api/chat/${a.id}/send`, { message: 'Bist du noch da?' });
    expect(send.status).toBe(404);
    // B keeps the conversation (what was written stays readable for the partner).
    const history = await call(t, 'GET', `/api/chat/${a.id}/messages`, { token: b.token });
    expect(history.status).toBe(200);
  });

  it('suggestions drop the account', async () => {
    const a = await onboardMember(t);
    const c = await onboardMember(t);
    expect(await suggestedIds(c)).toContain(a.id);
    await requestDeletion(a);
    expect(await suggestedIds(c)).not.toContain(a.id);
  });

  it('the member is signed out everywhere: every session ends, refresh tokens are refused', async () => {
    const a = await onboardMember(t);
    const second = (await login(a.email)).json as { token: string; refresh_token: string };
    await requestDeletion(a);
    expect((await call(t, 'GET', '/api/profile/init', { token: a.token })).status).toBe(401);
    expect((await call(t, 'GET', '/api/profile/init', { token: second.token })).status).toBe(401);
    const refresh = await call(t, 'GET', '/api/auth/tokens/refresh', {
      headers: { authorization: `Bearer ${second.refresh_token}` },
    });
    expect(refresh.status).toBe(401);
    const open = await t.app.ctx.db.select().from(sessions).where(eq(sessions.userId, a.id));
    expect(open.map((s) => s.revokedReason)).toEqual(open.map(() => 'account_deletion'));
  });

  it('the mail brings the undo link and the date, and carries no message text', async () => {
    const [a] = await partners();
    await requestDeletion(a);
    const mail = (await outbox(t)).filter((m) => m.to.includes(a.email)).at(-1)!;
    expect(mail.text).toContain('löschen wir deine Daten endgültig');
    expect(mail.text).toContain('Konto behalten');
    expect(mail.links.some((l) => l.startsWith('http://localhost:3000/keep-account/'))).toBe(true);
    expect(mail.text).not.toContain('Hallo B');
    expect(mail.text).not.toContain('Hallo A');
  });

  it('sign-in during the grace period: the right password points to the undo link (403), a wrong one is 401 as always', async () => {
    const a = await onboardMember(t);
    await requestDeletion(a);
    const right = await login(a.email);
    expect(right.status).toBe(403);
    expect(right.json.code).toBe('deletion_pending');
    const wrong = await login(a.email, 'falsch geraten 123');
    expect(wrong.status).toBe(401);
    expect(wrong.json.code).toBe('invalid_credentials');
  });
});

describe('issue 11: the deletion can be revoked within 30 days', () => {
  it('the link of the mail restores everything as it was; the member signs in again', async () => {
    const [a, b] = await partners();
    const c = await onboardMember(t);
    const nickname = (await partnerEntry(b, a.id))?.nickname;
    await requestDeletion(a);
    const token = await undoToken(a);
    expect((await post(null, '/api/user/revoke-delete', { token })).status).toBe(204);
    expect((await partnerEntry(b, a.id))?.nickname).toBe(nickname);
    expect(await suggestedIds(c)).toContain(a.id);
    expect((await call(t, 'GET', `/api/profile/${a.id}`, { token: b.token })).status).toBe(200);
    const again = await login(a.email);
    expect(again.status).toBe(200);
    const token2 = (again.json as { token: string }).token;
    expect(
      (await call(t, 'POST', `/api/chat/${b.id}/send`, { token: token2, body: { message: 'Ich bleibe' } }))
        .status,
    ).toBe(200);
    // The link works once.
    const reused = await post(null, '/api/user/revoke-delete', { token });
    expect(reused.status).toBe(403);
    expect(reused.json.code).toBe('invalid_link');
  });

  it('one minute before the 30 days are over the link still works', async () => {
    const a = await onboardMember(t);
    await requestDeletion(a);
    const token = await undoToken(a);
    vi.setSystemTime(Date.now() + 30 * DAY - 60_000);
    expect((await post(null, '/api/user/revoke-delete', { token })).status).toBe(204);
  });

  it('after 30 days the link is answered 410 deletion_final and nothing changes', async () => {
    const a = await onboardMember(t);
    await requestDeletion(a);
    const token = await undoToken(a);
    const requestedAt = (await row(a.id)).deletionRequestedAt!;
    vi.setSystemTime(requestedAt.getTime() + 30 * DAY);
    const res = await post(null, '/api/user/revoke-delete', { token });
    expect(res.status).toBe(410);
    expect(res.json.code).toBe('deletion_final');
    expect((await row(a.id)).deletionRequestedAt).toEqual(requestedAt);
  });

  it("a token changed to name someone else, a forged signature or garbage is 403 and nobody's state changes", async () => {
    const a = await onboardMember(t);
    const b = await onboardMember(t);
    await requestDeletion(a);
    await requestDeletion(b);
    const [, at, sig] = (await undoToken(a)).split('.');
    for (const token of [
      `${b.id}.${at}.${sig}`,
      `${a.id}.${at}.${'A'.repeat(43)}`,
      'x'.repeat(40),
      `${a.id}.${Number(at) + 1}.${sig}`,
    ]) {
      const res = await post(null, '/api/user/revoke-delete', { token });
      expect(res.status, token).toBe(403);
      expect(res.json.code).toBe('invalid_link');
    }
    expect((await row(a.id)).deletionRequestedAt).not.toBeNull();
    expect((await row(b.id)).deletionRequestedAt).not.toBeNull();
    for (const body of [{}, { token: 'kurz' }, { token: 'x'.repeat(201) }, { token: 7 }]) {
      expect((await post(null, '/api/user/revoke-delete', body)).status).toBe(422);
    }
  });

  it('the link of an earlier, revoked request does not revoke a new one', async () => {
    const a = await onboardMember(t);
    await requestDeletion(a);
    const first = await undoToken(a);
    expect((await post(null, '/api/user/revoke-delete', { token: first })).status).toBe(204);
    const session = (await login(a.email)).json as { token: string };
    vi.setSystemTime(Date.now() + 1000);
    expect(
      (
        await call(t, 'POST', '/api/user/delete', {
          token: session.token,
          body: { password: strongPassword },
        })
      ).status,
    ).toBe(200);
    expect((await post(null, '/api/user/revoke-delete', { token: first })).status).toBe(403);
    expect((await row(a.id)).deletionRequestedAt).not.toBeNull();
    // pg-boss dates the mail by the (moved) clock of this process.
    await t.app.ctx.jobs.drain({ includeLater: true });
    expect((await post(null, '/api/user/revoke-delete', { token: await undoToken(a) })).status).toBe(204);
  });
});

describe('issue 11: after 30 days a durable job erases the member through the registry', () => {
  it('not before: jobs that come early leave the account as it is', async () => {
    const a = await onboardMember(t);
    await requestDeletion(a);
    await t.app.ctx.jobs.drain();
    expect((await row(a.id)).deletedAt).toBeNull();
    vi.setSystemTime(Date.now() + 30 * DAY - 60_000);
    await t.app.ctx.jobs.drain({ includeLater: true });
    expect((await row(a.id)).deletedAt).toBeNull();
    expect((await row(a.id)).nickname).not.toBe('');
  });

  it('at 30 days: personal data deleted, the partner keeps the conversation anonymised, the address is free again', async () => {
    const [a, b] = await partners();
    await requestDeletion(a);
    const token = await undoToken(a);
    expect(await t.app.ctx.jobs.pending('account-erase')).toBeGreaterThan(0);
    vi.setSystemTime(Date.now() + 30 * DAY + 1000);
    await t.app.ctx.jobs.drain({ includeLater: true });

    const erased = await row(a.id);
    expect(erased).toMatchObject({
      nickname: '',
      email: `deleted-${a.id}@deleted.invalid`,
      passwordHash: '',
      about: null,
    });
    expect(erased.deletedAt).not.toBeNull();
    const answers = await t.app.ctx.db
      .select()
      .from(questionnaireAnswers)
      .where(eq(questionnaireAnswers.userId, a.id));
    expect(answers).toEqual([]);
    // B signs in again: a month has passed.
    const b2 = { ...b, token: ((await login(b.email)).json as { token: string }).token };
    const kept = await t.app.ctx.db
      .select()
      .from(messages)
      .where(eq(messages.chatId, (await partnerEntry(b2, a.id))!.chat_id as number));
    expect(kept.map((m) => m.body).sort()).toEqual(['Hallo A', 'Hallo B']);
    expect(await partnerEntry(b2, a.id)).toMatchObject({ nickname: '', avatar: null });
    // Too late to undo.
    expect((await post(null, '/api/user/revoke-delete', { token })).status).toBe(410);
    expect((await login(a.email)).status).toBe(401);
    // The address is free: a new account with it gets its verification link and is verified.
    const again = await registerMember(t, { email: a.email });
    await t.app.ctx.jobs.drain({ includeLater: true });
    const link = (await outbox(t))
      .filter((m) => m.to.includes(a.email))
      .flatMap((m) => m.links)
      .filter((l) => l.includes(`/email/verify/${again.id}/`))
      .at(-1)!;
    const url = new URL(link.replace(/&amp;/g, '&'));
    const verified = await call(
      t,
      'POST',
      `/api/verify${url.pathname.replace('/email/verify', '')}${url.search}`,
    );
    expect(verified.status).toBe(204);
    expect((await row(again.id)).isVerified).toBe(true);
  });

  it('the daily sweep erases a request past its grace period whose own job got lost', async () => {
    const a = await onboardMember(t);
    await requestDeletion(a);
    await t.app.ctx.db.execute(
      sql`delete from pgboss.job where name = 'account-erase' and data->>'userId' = ${String(a.id)}`,
    );
    vi.setSystemTime(Date.now() + 30 * DAY + 1000);
    await t.app.ctx.jobs.send('account-erase-due', {});
    // pg-boss dates a job by the (moved) clock of this process: run it as if its time had come.
    await t.app.ctx.jobs.drain({ includeLater: true });
    expect((await row(a.id)).deletedAt).not.toBeNull();
  });

  it('a revoked request is never erased', async () => {
    const a = await onboardMember(t);
    await requestDeletion(a);
    expect((await post(null, '/api/user/revoke-delete', { token: await undoToken(a) })).status).toBe(204);
    vi.setSystemTime(Date.now() + 31 * DAY);
    await t.app.ctx.jobs.send('account-erase-due', {});
    await t.app.ctx.jobs.drain({ includeLater: true });
    expect((await row(a.id)).deletedAt).toBeNull();
    expect((await login(a.email)).status).toBe(200);
  });
});
