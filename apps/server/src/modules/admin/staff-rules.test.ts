import { createDecipheriv, createHash } from 'node:crypto';
import { type ErrorCode, errorCatalogue } from '@trostnetz/contracts/errors';
import { and, eq } from 'drizzle-orm';
import { decodeJwt, type JWTPayload, SignJWT } from 'jose';
import { generate } from 'otplib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, staffCredentials, staffSessions, suspensions } from '../../db/schema/moderation.ts';
import { users } from '../../db/schema/users.ts';
import { type MemberTokens, onboardMember, registerMember, strongPassword } from '../../test/factories.ts';
import { grantRole, makeSuperAdmin, staffSignIn, totpCode } from '../../test/staff.ts';
import { call, createTestApp, outbox, type TestApp } from '../../test/test-app.ts';
import { openSecret, STAFF_ABSOLUTE_MS, STAFF_IDLE_MS } from './staff.service.ts';

/**
 * Decision 014 and SPEC §6, the console's sign-in to the letter: who may start it (verified, present,
 * not suspended, holding a console permission), the signed 5-minute challenge between password and
 * code, TOTP enrolment (secret sealed with a key from APP_KEY, ten recovery codes stored as hashes),
 * one step of drift and the replay rule, the console token (own audience, 8 hours, 30 idle minutes)
 * and the admin's second factor reset (password again, sessions end, one audit row).
 */

let t: TestApp;
let admin: MemberTokens;
let adminToken: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await onboardMember(t);
  await makeSuperAdmin(t, admin.id);
  adminToken = (await staffSignIn(t, admin)).token;
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

const db = () => t.app.ctx.db;
const key = () => new TextEncoder().encode(t.config.jwtSecret);
/** The whole error body the API answers (English). */
const error = (code: ErrorCode) => ({ message: errorCatalogue[code].en, code });
const en = (
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  opts: { body?: unknown; token?: string } = {},
) => call(t, method, url, { ...opts, locale: 'en' });

const startSignIn = (m: Pick<MemberTokens, 'email'>) =>
  en('POST', '/api/admin/session', { body: { email: m.email, password: strongPassword } });
const me = (token: string) => en('GET', '/api/admin/me', { token });
const nowSec = () => Math.floor(Date.now() / 1000);

/** A fresh verified member holding a console role (ids above 9: the id check takes every digit). */
async function newStaff(role: 'moderator' | 'support' | 'admin' = 'moderator') {
  let m = await onboardMember(t);
  while (m.id < 10) m = await onboardMember(t);
  await grantRole(t, m.id, role);
  return m;
}

/** The token's claims re-signed with the app's key after `changes` (undefined removes a claim). */
async function resign(token: string, changes: Record<string, unknown>) {
  const claims: Record<string, unknown> = { ...decodeJwt(token), ...changes };
  for (const [k, v] of Object.entries(claims)) if (v === undefined) delete claims[k];
  return new SignJWT(claims as JWTPayload).setProtectedHeader({ alg: 'HS256' }).sign(key());
}

async function credentialsOf(userId: number) {
  const [cred] = await db().select().from(staffCredentials).where(eq(staffCredentials.userId, userId));
  return cred;
}

/** An enrolled staff member and a live console token. */
async function enrolledStaff(role: 'moderator' | 'support' | 'admin' = 'moderator') {
  const m = await newStaff(role);
  const session = await staffSignIn(t, m);
  return { m, ...session };
}

/** The code of the step after the last accepted one (so it is no replay). */
async function nextCode(userId: number) {
  const cred = await credentialsOf(userId);
  return totpCode(t, userId, Math.max(nowSec(), (cred!.lastStep + 1) * 30));
}

describe('who may start the console sign-in', () => {
  it('/api/admin/me names the roles sorted by name, whatever order they were given in', async () => {
    const m = await newStaff('support');
    await grantRole(t, m.id, 'moderator');
    await grantRole(t, m.id, 'admin');
    const { token } = await staffSignIn(t, m);
    const res = await me(token);
    expect(res.status).toBe(200);
    expect(res.json.roles).toEqual(['admin', 'moderator', 'support']);
  });

  it('an account that holds a role but has not verified its e-mail address is refused after the right password: 403 forbidden', async () => {
    const m = await registerMember(t);
    await grantRole(t, m.id, 'moderator');
    const res = await startSignIn(m);
    expect([res.status, res.json]).toEqual([403, error('forbidden')]);
    expect(await credentialsOf(m.id)).toBeUndefined();
  });

  it('a suspended staff member is refused with 403 account_suspended and the end of the suspension; an ended one does not count', async () => {
    const m = await newStaff();
    await db()
      .insert(suspensions)
      .values({ userId: m.id, reasonCode: 'respect', until: new Date(Date.now() - 60_000) });
    expect((await startSignIn(m)).status).toBe(200);
    const until = new Date(Date.now() + 3 * 86_400_000);
    await db().insert(suspensions).values({ userId: m.id, reasonCode: 'respect', until });
    const res = await startSignIn(m);
    expect([res.status, res.json]).toEqual([
      403,
      { ...error('account_suspended'), until: until.toISOString() },
    ]);
  });
});

describe('TOTP enrolment: the secret at rest, the recovery codes', () => {
  it('each start before the first code makes a new secret; it is stored sealed (v1, AES-256-GCM with a key derived from APP_KEY)', async () => {
    const m = await newStaff();
    const first = await startSignIn(m);
    const second = await startSignIn(m);
    expect(first.json.step).toBe('enrol');
    expect(second.json.secret).not.toBe(first.json.secret);
    const sealed = (await credentialsOf(m.id))!.totpSecret;
    expect(sealed).not.toContain(second.json.secret as string);
    const [version, iv, tag, body] = sealed.split('.');
    expect(version).toBe('v1');
    // Rows written today must stay readable: the key is SHA-256 of "totp-secret:" and APP_KEY.
    const aesKey = createHash('sha256').update(`totp-secret:${t.config.appKey}`).digest();
    const decipher = createDecipheriv('aes-256-gcm', aesKey, Buffer.from(iv!, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag!, 'base64url'));
    const opened = Buffer.concat([decipher.update(Buffer.from(body!, 'base64url')), decipher.final()]);
    expect(opened.toString('utf8')).toBe(second.json.secret);
    // The otpauth URL carries the secret shown, so the authenticator app and the server agree.
    expect(second.json.otpauth_url).toContain(`secret=${second.json.secret}`);
    // A code of the first secret no longer enrols.
    const stale = await generate({ secret: first.json.secret as string, epoch: nowSec() });
    const good = await generate({ secret: second.json.secret as string, epoch: nowSec() });
    if (stale !== good) {
      const res = await en('POST', '/api/admin/session/enrol', {
        body: { challenge: second.json.challenge, code: stale },
      });
      expect([res.status, res.json]).toEqual([401, error('totp_invalid')]);
    }
  });

  it('a secret of an unknown format is never used: the code is not accepted', async () => {
    const { m } = await enrolledStaff();
    const cred = (await credentialsOf(m.id))!;
    const code = await nextCode(m.id);
    await db()
      .update(staffCredentials)
      .set({ totpSecret: `v2${cred.totpSecret.slice(2)}` })
      .where(eq(staffCredentials.userId, m.id));
    const start = await startSignIn(m);
    const res = await en('POST', '/api/admin/session/totp', {
      body: { challenge: start.json.challenge, code },
    });
    expect([res.status, res.json]).toEqual([500, error('internal')]);
    expect((await credentialsOf(m.id))!.lastStep).toBe(cred.lastStep);
    expect(() => openSecret(t.config.appKey, `v2${cred.totpSecret.slice(2)}`)).toThrow(
      'staff_credentials: unknown secret format',
    );
    for (const broken of ['v1..a.b', 'v1.a..b', 'v1.a.b.', 'v1.a.b'])
      expect(() => openSecret(t.config.appKey, broken)).toThrow('staff_credentials: unknown secret format');
  });

  it('the enrolment answers ten different recovery codes like 7kq2-m9xd-p4tz, stored only as SHA-256 of the code without dashes in lower case', async () => {
    const m = await newStaff();
    const { recovery_codes } = await staffSignIn(t, m);
    expect(recovery_codes).toHaveLength(10);
    expect(new Set(recovery_codes).size).toBe(10);
    for (const code of recovery_codes)
      expect(code).toMatch(/^[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}-[a-hjkmnp-z2-9]{4}$/);
    const stored = (await credentialsOf(m.id))!.recoveryCodes;
    const sha = (s: string) => createHash('sha256').update(s).digest('hex');
    expect([...stored].sort()).toEqual(recovery_codes.map((c) => sha(c.replaceAll('-', ''))).sort());
  });

  it('a recovery code counts typed in capitals or without dashes, once; each sign-in writes its own audit row, and so does each wrong code', async () => {
    const m = await newStaff();
    const { recovery_codes } = await staffSignIn(t, m);
    const codes = recovery_codes as [string, string, ...string[]];
    const useCode = async (recovery_code: string) => {
      const start = await startSignIn(m);
      return en('POST', '/api/admin/session/totp', {
        body: { challenge: start.json.challenge, recovery_code },
      });
    };
    expect((await useCode(codes[0].toUpperCase())).status).toBe(200);
    expect((await useCode(codes[1].replaceAll('-', ''))).status).toBe(200);
    const again = await useCode(codes[0]);
    expect([again.status, again.json]).toEqual([401, error('totp_invalid')]);
    const without = await useCode(codes[1]);
    expect([without.status, without.json]).toEqual([401, error('totp_invalid')]);
    expect((await credentialsOf(m.id))!.recoveryCodes).toHaveLength(8);
    const rows = await db()
      .select({ action: auditLog.action, targetType: auditLog.targetType, targetId: auditLog.targetId })
      .from(auditLog)
      .where(eq(auditLog.actorId, m.id))
      .orderBy(auditLog.id);
    expect(rows).toEqual([
      { action: 'staff.enrolled', targetType: 'member', targetId: m.id },
      { action: 'staff.signed_in_recovery_code', targetType: 'member', targetId: m.id },
      { action: 'staff.signed_in_recovery_code', targetType: 'member', targetId: m.id },
      // Each wrong code writes one too (the owner is mailed after repeated ones).
      { action: 'staff.second_factor_failed', targetType: 'member', targetId: m.id },
      { action: 'staff.second_factor_failed', targetType: 'member', targetId: m.id },
    ]);
  });

  it('an enrolment challenge enrols once: after a code confirmed the secret, an older enrolment challenge is refused', async () => {
    const m = await newStaff();
    const older = await startSignIn(m);
    const { token } = await staffSignIn(t, m);
    expect((await me(token)).status).toBe(200);
    const res = await en('POST', '/api/admin/session/enrol', {
      body: { challenge: older.json.challenge, code: await nextCode(m.id) },
    });
    expect([res.status, res.json]).toEqual([401, error('staff_challenge_invalid')]);
    // … nor does it open the TOTP step.
    const asTotp = await en('POST', '/api/admin/session/totp', {
      body: { challenge: older.json.challenge, code: await nextCode(m.id) },
    });
    expect([asTotp.status, asTotp.json]).toEqual([401, error('staff_challenge_invalid')]);
    const cred = (await credentialsOf(m.id))!;
    expect(cred.recoveryCodes).toHaveLength(10);
  });
});

describe('the challenge between password and code', () => {
  it('is a JWT of the console audience, naming the member and the step, valid 5 minutes', async () => {
    const { m } = await enrolledStaff();
    const start = await startSignIn(m);
    const claims = decodeJwt(start.json.challenge as string);
    expect(claims).toEqual({
      typ: 'staff_challenge',
      step: 'totp',
      sub: String(m.id),
      aud: 'trostnetz-console',
      iss: 'trostnetz-api',
      iat: expect.any(Number),
      exp: claims.iat! + 300,
    });
  });

  it('is accepted up to the last second of its 5 minutes and refused from the 300th', async () => {
    const { m } = await enrolledStaff();
    const t0 = (nowSec() + 1) * 1000;
    vi.setSystemTime(t0);
    const early = await startSignIn(m);
    const late = await startSignIn(m);
    vi.setSystemTime(t0 + 299_999);
    const ok = await en('POST', '/api/admin/session/totp', {
      body: { challenge: early.json.challenge, code: await nextCode(m.id) },
    });
    expect(ok.status).toBe(200);
    vi.setSystemTime(t0 + 300_000);
    const expired = await en('POST', '/api/admin/session/totp', {
      body: { challenge: late.json.challenge, code: await nextCode(m.id) },
    });
    expect([expired.status, expired.json]).toEqual([401, error('staff_challenge_invalid')]);
  });

  it('a forged or altered challenge is refused with 401 staff_challenge_invalid; an intact one re-signed works', async () => {
    const { m } = await enrolledStaff();
    const challenge = (await startSignIn(m)).json.challenge as string;
    const forged = {
      'another audience (the members’)': { aud: 'trostnetz' },
      'another issuer': { iss: 'elsewhere' },
      'no expiry': { exp: undefined },
      'another type': { typ: 'staff' },
      'the enrolment step': { step: 'enrol' },
      'a subject with a leading zero': { sub: `0${m.id}` },
      'a subject with a tail': { sub: `${m.id}.0` },
      'a subject that is no number': { sub: `x${m.id}` },
      'an unknown member': { sub: '999999999' },
    };
    for (const [what, changes] of Object.entries(forged)) {
      const res = await en('POST', '/api/admin/session/totp', {
        body: { challenge: await resign(challenge, changes), code: await nextCode(m.id) },
      });
      expect([what, res.status, res.json]).toEqual([what, 401, error('staff_challenge_invalid')]);
    }
    const intact = await en('POST', '/api/admin/session/totp', {
      body: { challenge: await resign(challenge, {}), code: await nextCode(m.id) },
    });
    expect(intact.status).toBe(200);
  });

  it('a member whose roles are taken between password and code is refused', async () => {
    const { m } = await enrolledStaff();
    const start = await startSignIn(m);
    const taken = await en('PUT', `/api/admin/members/${m.id}/roles`, {
      token: adminToken,
      body: { roles: [], password: strongPassword },
    });
    expect(taken.status).toBe(204);
    const res = await en('POST', '/api/admin/session/totp', {
      body: { challenge: start.json.challenge, code: await nextCode(m.id) },
    });
    expect([res.status, res.json]).toEqual([401, error('staff_challenge_invalid')]);
  });

  it('a member whose deletion is requested between password and code is refused', async () => {
    const { m } = await enrolledStaff();
    const start = await startSignIn(m);
    await db().update(users).set({ deletionRequestedAt: new Date() }).where(eq(users.id, m.id));
    const res = await en('POST', '/api/admin/session/totp', {
      body: { challenge: start.json.challenge, code: await nextCode(m.id) },
    });
    expect([res.status, res.json]).toEqual([401, error('staff_challenge_invalid')]);
  });
});

describe('TOTP: one step of drift either way, each step accepted once', () => {
  it('accepts the previous and the next step, refuses two steps away, and refuses a step not later than the last accepted one', async () => {
    const { m } = await enrolledStaff();
    const step = Math.floor(nowSec() / 30) + 4;
    vi.setSystemTime(step * 30_000 + 10_000);
    const codeAt = (s: number) => totpCode(t, m.id, s * 30);
    const tryCode = async (s: number) => {
      const start = await startSignIn(m);
      return en('POST', '/api/admin/session/totp', {
        body: { challenge: start.json.challenge, code: await codeAt(s) },
      });
    };
    const lastStep = async () => (await credentialsOf(m.id))!.lastStep;
    const distinct = new Set(await Promise.all([-2, -1, 0, 1, 2].map((d) => codeAt(step + d))));
    if (distinct.size === 5) {
      for (const d of [-2, 2]) {
        const res = await tryCode(step + d);
        expect([d, res.status, res.json]).toEqual([d, 401, error('totp_invalid')]);
      }
    }
    expect((await tryCode(step - 1)).status).toBe(200);
    expect(await lastStep()).toBe(step - 1);
    const sameStep = await tryCode(step - 1);
    expect([sameStep.status, sameStep.json]).toEqual([401, error('totp_replayed')]);
    expect((await tryCode(step + 1)).status).toBe(200);
    expect(await lastStep()).toBe(step + 1);
    // The current step is earlier than the last accepted one: a replay too.
    const earlier = await tryCode(step);
    expect([earlier.status, earlier.json]).toEqual([401, error('totp_replayed')]);
  });
});

describe('the console token and its session', () => {
  it('is a JWT of the console audience naming the session; it and the session end 8 hours after sign-in, to the second', async () => {
    const m = await newStaff();
    const t0 = (nowSec() + 1) * 1000;
    vi.setSystemTime(t0);
    const start = await startSignIn(m);
    const done = await en('POST', '/api/admin/session/enrol', {
      body: { challenge: start.json.challenge, code: await totpCode(t, m.id) },
    });
    expect(done.status).toBe(200);
    expect(done.json.expires_at).toBe(new Date(t0 + STAFF_ABSOLUTE_MS).toISOString());
    const claims = decodeJwt(done.json.token as string);
    const [row] = await db().select().from(staffSessions).where(eq(staffSessions.userId, m.id));
    expect(claims).toEqual({
      typ: 'staff',
      sid: row!.id,
      sub: String(m.id),
      aud: 'trostnetz-console',
      iss: 'trostnetz-api',
      iat: t0 / 1000,
      exp: (t0 + STAFF_ABSOLUTE_MS) / 1000,
    });
    expect(row!.expiresAt.getTime()).toBe(t0 + STAFF_ABSOLUTE_MS);
  });

  it('ends after 30 idle minutes (used at 29:59.999, refused at 30:00) and 8 hours after sign-in however busy', async () => {
    const m = await newStaff();
    const t0 = (nowSec() + 1) * 1000;
    vi.setSystemTime(t0);
    const { token } = await staffSignIn(t, m);
    const idle = await staffSignIn(t, m, nowSec() + 30);
    expect((await me(token)).status).toBe(200);
    expect((await me(idle.token)).status).toBe(200);
    // Used 1 ms before its 30 idle minutes are up, the session lives on; the other one, idle since t0,
    // is refused at 30:00.
    vi.setSystemTime(t0 + STAFF_IDLE_MS - 1);
    expect((await me(token)).status).toBe(200);
    vi.setSystemTime(t0 + STAFF_IDLE_MS);
    const idleRes = await me(idle.token);
    expect([idleRes.status, idleRes.json]).toEqual([401, error('invalid_token')]);
    let now = t0 + STAFF_IDLE_MS - 1;
    while (now + STAFF_IDLE_MS - 1 < t0 + STAFF_ABSOLUTE_MS) {
      now += STAFF_IDLE_MS - 1;
      vi.setSystemTime(now);
      expect((await me(token)).status).toBe(200);
    }
    vi.setSystemTime(t0 + STAFF_ABSOLUTE_MS - 1);
    expect((await me(token)).status).toBe(200);
    vi.setSystemTime(t0 + STAFF_ABSOLUTE_MS);
    const over = await me(token);
    expect([over.status, over.json]).toEqual([401, error('unauthenticated')]);
  });

  it('a forged or altered console token opens nothing (401 unauthenticated); the intact one re-signed does', async () => {
    const { m, token } = await enrolledStaff();
    const { sid } = decodeJwt(token) as { sid: string };
    const forged = {
      'the members’ audience': { aud: 'trostnetz' },
      'another issuer': { iss: 'elsewhere' },
      'no time of issue': { iat: undefined },
      'no expiry': { exp: undefined },
      'another type': { typ: 'access' },
      'a session id in a list': { sid: [sid] },
      'a session id with a head': { sid: `x${sid}` },
      'a session id with a tail': { sid: `${sid}x` },
      'a subject with a leading zero': { sub: `0${m.id}` },
      'a subject with a tail': { sub: `${m.id}.0` },
    };
    for (const [what, changes] of Object.entries(forged)) {
      const res = await me(await resign(token, changes));
      expect([what, res.status, res.json]).toEqual([what, 401, error('unauthenticated')]);
    }
    const intact = await me(await resign(token, {}));
    expect([intact.status, intact.json.id]).toEqual([200, m.id]);
  });

  it('a new password (changed or reset) and "sign out everywhere else" end every console session of the member: 401 invalid_token; the member app’s own session and a colleague’s console stay', async () => {
    const newPassword = 'Ein neues Passwort am Deich 8';
    const ways: Array<[string, (m: MemberTokens) => Promise<void>]> = [
      [
        'password changed',
        async (m) => {
          const res = await en('POST', '/api/settings/change-password', {
            token: m.token,
            body: {
              current_password: strongPassword,
              password: newPassword,
              password_confirmation: newPassword,
            },
          });
          expect(res.status, res.text).toBe(200);
        },
      ],
      [
        'signed out everywhere else',
        async (m) => {
          const res = await en('DELETE', '/api/settings/sessions', { token: m.token });
          expect(res.status, res.text).toBe(200);
        },
      ],
      [
        'password reset',
        async (m) => {
          await en('POST', '/api/auth/forgot-password', { body: { email: m.email } });
          const link = (await outbox(t)).flatMap((x) => (x.to.includes(m.email) ? x.links : []));
          const token = link.find((l) => l.includes('/password/reset/'))!.split('/password/reset/')[1];
          const res = await en('POST', '/api/auth/reset-password', {
            body: { token, password: newPassword, password_confirmation: newPassword },
          });
          expect(res.status, res.text).toBe(200);
        },
      ],
    ];
    for (const [way, end] of ways) {
      const { m, token } = await enrolledStaff();
      const second = await staffSignIn(t, m);
      for (const console of [token, second.token])
        expect([way, (await me(console)).status]).toEqual([way, 200]);
      await end(m);
      for (const session of [token, second.token]) {
        const res = await me(session);
        expect([way, res.status, res.json]).toEqual([way, 401, error('invalid_token')]);
      }
      expect([way, (await me(adminToken)).status]).toEqual([way, 200]);
    }
    // The member app's session that asked stays (a reset ends that one too, as before).
    const { m } = await enrolledStaff();
    await en('DELETE', '/api/settings/sessions', { token: m.token });
    expect((await en('GET', '/api/settings/me', { token: m.token })).status).toBe(200);
  });

  it('a live session of a member suspended or gone since opens nothing: 401 invalid_token', async () => {
    const suspended = await enrolledStaff();
    const gone = await enrolledStaff();
    await db()
      .insert(suspensions)
      .values({ userId: suspended.m.id, reasonCode: 'respect', until: new Date(Date.now() + 86_400_000) });
    await db().update(users).set({ deletionRequestedAt: new Date() }).where(eq(users.id, gone.m.id));
    for (const { token } of [suspended, gone]) {
      const res = await me(token);
      expect([res.status, res.json]).toEqual([401, error('invalid_token')]);
    }
  });
});

describe("an admin resets a staff member's second factor", () => {
  it('asks for the password again: a wrong one is 403 reauth_required and changes nothing', async () => {
    const { m, token } = await enrolledStaff();
    const res = await en('DELETE', `/api/admin/members/${m.id}/second-factor`, {
      token: adminToken,
      body: { text: 'Handy verloren', password: 'not the password at all' },
    });
    expect([res.status, res.json]).toEqual([403, error('reauth_required')]);
    expect((await credentialsOf(m.id))!.enabledAt).not.toBeNull();
    expect((await me(token)).status).toBe(200);
  });

  it('takes secret and recovery codes, ends the console sessions, writes one audit row; the next sign-in enrols; a second reset is 409', async () => {
    const { m, token } = await enrolledStaff();
    const pending = await startSignIn(m);
    const code = await nextCode(m.id);
    const res = await en('DELETE', `/api/admin/members/${m.id}/second-factor`, {
      token: adminToken,
      body: { text: 'Handy verloren', password: strongPassword },
    });
    expect(res.status).toBe(204);
    expect(await credentialsOf(m.id)).toBeUndefined();
    const ended = await me(token);
    expect([ended.status, ended.json]).toEqual([401, error('invalid_token')]);
    const sessions = await db()
      .select({ revokedAt: staffSessions.revokedAt })
      .from(staffSessions)
      .where(eq(staffSessions.userId, m.id));
    expect(sessions.length).toBeGreaterThan(0);
    for (const s of sessions) expect(s.revokedAt).toBeInstanceOf(Date);
    const rows = await db()
      .select({ actorId: auditLog.actorId, reason: auditLog.reason })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'member.second_factor_reset'), eq(auditLog.targetId, m.id)));
    expect(rows).toEqual([{ actorId: admin.id, reason: 'Handy verloren' }]);
    // The challenge from before the reset no longer leads anywhere.
    const stale = await en('POST', '/api/admin/session/totp', {
      body: { challenge: pending.json.challenge, code },
    });
    expect([stale.status, stale.json]).toEqual([401, error('staff_challenge_invalid')]);
    const again = await en('DELETE', `/api/admin/members/${m.id}/second-factor`, {
      token: adminToken,
      body: { text: 'Handy verloren', password: strongPassword },
    });
    expect([again.status, again.json]).toEqual([409, error('conflict')]);
    expect((await startSignIn(m)).json.step).toBe('enrol');
    // Not enrolled yet (a secret waits for its first code): still nothing to reset.
    const pendingOnly = await en('DELETE', `/api/admin/members/${m.id}/second-factor`, {
      token: adminToken,
      body: { text: 'Handy verloren', password: strongPassword },
    });
    expect([pendingOnly.status, pendingOnly.json]).toEqual([409, error('conflict')]);
  });
});
