import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Db } from '../../db/client.ts';
import { refreshTokens, sessions } from '../../db/schema/sessions.ts';
import { type MemberTokens, registerMember, signInFrom, verifyMember } from '../../test/factories.ts';
import { call, createTestApp, outbox, type TestApp } from '../../test/test-app.ts';
import { isUnknownClient, memberOfLiveSession, startSession } from './sessions.service.ts';

/**
 * SPEC §4 Session and issue 11: refresh-token lifetime and reuse, what a session keeps of the user
 * agent, the "new sign-in" mail, "last used", and the member's own session list (GET and DELETE
 * /api/settings/sessions, whose service lives here).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const agents = {
  windowsFirefox: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) Gecko/20100101 Firefox/121.0',
  windowsFirefoxNewer: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0',
  androidChrome:
    'Mozilla/5.0 (Linux; Android 13; SM-G991B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0.0.0 Mobile Safari/537.36',
  windowsOnly: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64)',
  firefoxOnly: 'Firefox/121.0',
  // Browser and system past the first 300 characters: only "Windows" is within them.
  overLong: `Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:121.0) ${'Gecko '.repeat(50)} Firefox/121.0`,
};

const db = () => t.app.ctx.db;
const sessionOf = (token: string) => decodeJwt(token).sid as string;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const refresh = (token: string) => call(t, 'GET', '/api/auth/tokens/refresh', { token });
const profileStatus = async (token: string) => (await call(t, 'GET', '/api/profile/init', { token })).status;
const login = (email: string, userAgent: string) => signInFrom(t, email, userAgent);
async function sessionRow(id: string) {
  const [row] = await db().select().from(sessions).where(eq(sessions.id, id));
  return row!;
}
async function verified(): Promise<MemberTokens> {
  const m = await registerMember(t);
  await verifyMember(t, m);
  return m;
}

describe('SPEC §4 Session: refresh tokens', () => {
  it('session rule: refresh tokens are opaque "rt_" + 43 base64url characters, kept only as their SHA-256', async () => {
    const m = await registerMember(t);
    const rotated = await refresh(m.refresh_token);
    for (const token of [m.refresh_token, rotated.json.refresh_token as string]) {
      expect(token).toMatch(/^rt_[A-Za-z0-9_-]{43}$/);
      const rows = await db()
        .select({ sessionId: refreshTokens.sessionId })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, sha256(token)));
      expect(rows).toEqual([{ sessionId: sessionOf(m.token) }]);
    }
  });

  it('session rule: a refresh token works for 7 days, up to its expiry to the millisecond, and is refused with 401 invalid_token 1 ms later', async () => {
    const start = Date.now();
    vi.setSystemTime(start);
    const a = await registerMember(t);
    const b = await registerMember(t);
    const ttl = t.config.tokens.refreshTtlSec * 1000;
    const [row] = await db()
      .select({ expiresAt: refreshTokens.expiresAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(a.refresh_token)));
    expect(row!.expiresAt.getTime()).toBe(start + ttl);
    vi.setSystemTime(start + ttl);
    expect((await refresh(a.refresh_token)).status).toBe(200);
    vi.setSystemTime(start + ttl + 1);
    const late = await refresh(b.refresh_token);
    expect({ status: late.status, code: late.json.code }).toEqual({ status: 401, code: 'invalid_token' });
  });

  it('session rule: a used refresh token presented again ends its session even once it has expired: the newer token dies too, recorded as reuse', async () => {
    const start = Date.now();
    vi.setSystemTime(start);
    const m = await registerMember(t);
    vi.setSystemTime(start + 3_600_000);
    const second = await refresh(m.refresh_token);
    expect(second.status).toBe(200);
    // The first token has expired; the second is good for another hour.
    vi.setSystemTime(start + t.config.tokens.refreshTtlSec * 1000 + 60_000);
    const reuse = await refresh(m.refresh_token);
    expect({ status: reuse.status, code: reuse.json.code }).toEqual({ status: 401, code: 'invalid_token' });
    expect((await refresh(second.json.refresh_token as string)).status).toBe(401);
    expect((await sessionRow(sessionOf(m.token))).revokedReason).toBe('refresh_token_reuse');
  });
});

describe('issue 11: what a session keeps of the user agent', () => {
  it('session rule: a session keeps the first 300 characters of the user agent, and its browser family from those', async () => {
    const m = await registerMember(t);
    const s = await login(m.email, agents.overLong);
    const row = await sessionRow(sessionOf(s.token));
    expect(row.userAgent).toBe(agents.overLong.slice(0, 300));
    expect(row.clientFamily).toBe('?|Windows|desktop');
  });

  it('session rule: a user agent the database cannot store is left out (never an error), its family kept; no user agent at all is no error either', async () => {
    const m = await registerMember(t);
    const unstorable = await startSession(t.app.ctx, m.id, `${agents.windowsFirefox}\u0000`);
    expect(await sessionRow(sessionOf(unstorable.token))).toMatchObject({
      userAgent: null,
      clientFamily: 'Firefox|Windows|desktop',
    });
    const none = await startSession(t.app.ctx, m.id);
    expect(await sessionRow(sessionOf(none.token))).toMatchObject({
      userAgent: null,
      clientFamily: '?|?|desktop',
    });
    expect(await profileStatus(none.token)).toBe(200);
  });
});

describe('issue 11: a sign-in from a browser and system never used before is told by mail', () => {
  const newSignIns = async (email: string) =>
    (await outbox(t)).filter((x) => x.to.includes(email) && /Neue Anmeldung|New sign-in/.test(x.subject));

  it('new sign-in rule: a new browser and system is told once (which ones, and a link to the settings); the same again, even a newer version, is not', async () => {
    const m = await registerMember(t);
    await login(m.email, agents.windowsFirefox);
    const mails = await newSignIns(m.email);
    expect(mails.map((x) => x.subject)).toEqual(['Trostnetz: Neue Anmeldung bei deinem Konto']);
    expect(mails[0]!.text).toContain(
      'gerade hat sich jemand mit Firefox (Windows) bei deinem Konto angemeldet.',
    );
    expect(mails[0]!.links).toContain('http://localhost:3000/settings');
    await login(m.email, agents.windowsFirefoxNewer);
    await login(m.email, agents.windowsFirefox);
    expect(await newSignIns(m.email)).toHaveLength(1);
  });

  it('new sign-in rule: what the user agent does not tell is named "unbekannt" in the mail', async () => {
    const m = await registerMember(t);
    await login(m.email, agents.windowsOnly);
    await login(m.email, agents.firefoxOnly);
    const texts = (await newSignIns(m.email)).map((x) => x.text);
    expect(texts).toHaveLength(2);
    expect(texts[0]).toContain('gerade hat sich jemand mit unbekannt (Windows) bei deinem Konto angemeldet.');
    expect(texts[1]).toContain('gerade hat sich jemand mit Firefox (unbekannt) bei deinem Konto angemeldet.');
  });

  it('new sign-in rule: sessions from before families were stored count by their user agent', async () => {
    const m = await registerMember(t);
    await login(m.email, agents.windowsFirefox);
    await db().update(sessions).set({ clientFamily: null }).where(eq(sessions.userId, m.id));
    await login(m.email, agents.windowsFirefox);
    expect(await newSignIns(m.email)).toHaveLength(1);
  });

  it('new sign-in rule: a session whose user agent could not be stored still counts by its family', async () => {
    const m = await registerMember(t);
    await startSession(t.app.ctx, m.id, `${agents.windowsFirefox}\u0000`);
    await login(m.email, agents.windowsFirefox);
    expect(await newSignIns(m.email)).toHaveLength(0);
  });

  it('new sign-in rule: only the first 300 characters of the user agent count, as the session keeps them: the same over-long agent twice is told once', async () => {
    const m = await registerMember(t);
    await login(m.email, agents.overLong);
    await login(m.email, agents.overLong);
    expect(await newSignIns(m.email)).toHaveLength(1);
  });

  it('new sign-in rule: a member without any earlier session is not told; a missing user agent is a family like any other', async () => {
    const m = await registerMember(t);
    // The registration's session (app.inject's agent: no browser, no system) is the only one.
    expect(await isUnknownClient(db(), m.id, undefined)).toBe(false);
    expect(await isUnknownClient(db(), m.id, agents.windowsFirefox)).toBe(true);
    await db().delete(sessions).where(eq(sessions.userId, m.id));
    expect(await isUnknownClient(db(), m.id, agents.windowsFirefox)).toBe(false);
  });
});

describe('issue 11: "last used" of a session', () => {
  it('session rule: "last used" moves only once its mark is more than a minute old: no write at all at 59.999 s or exactly 60 s, the mark set to now after', async () => {
    const m = await registerMember(t);
    const sid = sessionOf(m.token);
    let writes = 0;
    const counting = new Proxy(db(), {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (typeof value !== 'function') return value;
        if (prop !== 'update') return value.bind(target);
        return (...args: unknown[]) => {
          writes += 1;
          return value.apply(target, args);
        };
      },
    }) as Db;
    const now = Date.now();
    vi.setSystemTime(now);
    for (const age of [59_999, 60_000]) {
      await db()
        .update(sessions)
        .set({ lastUsedAt: new Date(now - age) })
        .where(eq(sessions.id, sid));
      expect((await memberOfLiveSession(counting, sid, m.id))?.id).toBe(m.id);
      expect({ age, writes }).toEqual({ age, writes: 0 });
      expect((await sessionRow(sid)).lastUsedAt.getTime()).toBe(now - age);
    }
    await db()
      .update(sessions)
      .set({ lastUsedAt: new Date(now - 60_001) })
      .where(eq(sessions.id, sid));
    expect((await memberOfLiveSession(counting, sid, m.id))?.id).toBe(m.id);
    expect(writes).toBe(1);
    expect((await sessionRow(sid)).lastUsedAt.getTime()).toBe(now);
    // No live session of that id: nobody, and nothing written.
    expect(await memberOfLiveSession(counting, '00000000-0000-4000-8000-000000000000', m.id)).toBeUndefined();
    expect(await memberOfLiveSession(counting, sid, m.id + 1)).toBeUndefined();
    expect(writes).toBe(1);
  });

  it('session rule: the member a request carries is the account without its password hash (only the password checks read it)', async () => {
    const m = await registerMember(t);
    const member = await memberOfLiveSession(db(), sessionOf(m.token), m.id);
    expect(member).toMatchObject({ id: m.id, email: m.email });
    expect(Object.keys(member!)).not.toContain('passwordHash');
  });
});

describe('issue 11: the member ends sessions (GET and DELETE /api/settings/sessions)', () => {
  const list = async (token: string) => {
    const res = await call(t, 'GET', '/api/settings/sessions', { token });
    expect(res.status).toBe(200);
    return (res.json.data as Array<{ id: string; current: boolean }>).map((s) => ({
      id: s.id,
      current: s.current,
    }));
  };
  const setLastUsed = (id: string, at: number) =>
    db()
      .update(sessions)
      .set({ lastUsedAt: new Date(at) })
      .where(eq(sessions.id, id));

  it('session list rule: live sessions are listed by last use, newest first; ended ones and those idle for the refresh lifetime are not', async () => {
    const m = await verified();
    const recent = sessionOf((await login(m.email, agents.windowsFirefox)).token);
    const old = sessionOf((await login(m.email, agents.androidChrome)).token);
    const idle = sessionOf((await login(m.email, agents.windowsFirefoxNewer)).token);
    const ended = await login(m.email, agents.windowsOnly);
    expect((await call(t, 'DELETE', '/api/auth/tokens/revoke', { token: ended.token })).status).toBe(204);
    const now = Date.now();
    vi.setSystemTime(now);
    const lifetime = t.config.tokens.refreshTtlSec * 1000;
    await setLastUsed(recent, now - 2 * 3_600_000);
    await setLastUsed(old, now - lifetime + 60_000);
    await setLastUsed(idle, now - lifetime - 1_000);
    expect(await list(m.token)).toEqual([
      { id: sessionOf(m.token), current: true },
      { id: recent, current: false },
      { id: old, current: false },
    ]);
  });

  it('session rule: a member ends one of their own sessions: 204, its tokens stop working, recorded as ended by the member; ending it again is 404', async () => {
    const m = await verified();
    const phone = await login(m.email, agents.androidChrome);
    const res = await call(t, 'DELETE', `/api/settings/sessions/${sessionOf(phone.token)}`, {
      token: m.token,
    });
    expect(res.status).toBe(204);
    expect(await profileStatus(phone.token)).toBe(401);
    expect((await refresh(phone.refresh_token)).status).toBe(401);
    expect((await sessionRow(sessionOf(phone.token))).revokedReason).toBe('ended_by_member');
    const again = await call(t, 'DELETE', `/api/settings/sessions/${sessionOf(phone.token)}`, {
      token: m.token,
    });
    expect({ status: again.status, code: again.json.code }).toEqual({ status: 404, code: 'not_found' });
    expect(await profileStatus(m.token)).toBe(200);
  });

  it('session rule: someone else’s session id is 404 like an unknown one, and their session goes on', async () => {
    const m = await verified();
    const other = await verified();
    const res = await call(t, 'DELETE', `/api/settings/sessions/${sessionOf(other.token)}`, {
      token: m.token,
    });
    expect({ status: res.status, code: res.json.code }).toEqual({ status: 404, code: 'not_found' });
    expect(await profileStatus(other.token)).toBe(200);
    expect((await sessionRow(sessionOf(other.token))).revokedAt).toBeNull();
  });

  it('session rule: "sign out everywhere else" ends every other live session, answers how many, and keeps this one', async () => {
    const m = await verified();
    const a = await login(m.email, agents.androidChrome);
    const b = await login(m.email, agents.windowsFirefox);
    const res = await call(t, 'DELETE', '/api/settings/sessions', { token: m.token });
    expect({ status: res.status, body: res.json }).toEqual({ status: 200, body: { ended: 2 } });
    expect([
      await profileStatus(a.token),
      await profileStatus(b.token),
      await profileStatus(m.token),
    ]).toEqual([401, 401, 200]);
    expect((await sessionRow(sessionOf(a.token))).revokedReason).toBe('ended_by_member');
    expect((await call(t, 'DELETE', '/api/settings/sessions', { token: m.token })).json).toEqual({
      ended: 0,
    });
  });
});
