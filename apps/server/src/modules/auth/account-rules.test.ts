import { createHash } from 'node:crypto';
import { hash } from '@node-rs/argon2';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResets, sessions } from '../../db/schema/sessions.ts';
import { users } from '../../db/schema/users.ts';
import { registerMember, strongPassword, verifyMember } from '../../test/factories.ts';
import { call, createTestApp, outbox, type TestApp } from '../../test/test-app.ts';
import { findActiveUser } from '../users/users.service.ts';
import { resetPassword, sendPasswordReset, sendVerificationMail } from './accounts.service.ts';
import { verifyPassword } from './passwords.ts';

/**
 * Accounts (issue 9): what registration records, verification links opened twice, the hash upgrade at
 * sign-in, and password-reset links (format, several open at once, a link used by a racing request).
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const db = () => t.app.ctx.db;
const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
const login = (username: string, password: string) =>
  call(t, 'POST', '/api/auth/tokens', { body: { username, password } });
const mailsTo = async (email: string) => (await outbox(t)).filter((m) => m.to.includes(email));
const forgot = (email: string) => call(t, 'POST', '/api/auth/forgot-password', { body: { email } });
/** The reset tokens mailed to this address, oldest first, once each (the HTML part repeats them). */
const resetTokens = async (email: string) => [
  ...new Set(
    (await mailsTo(email))
      .flatMap((m) => m.links)
      .filter((l) => l.includes('/password/reset/'))
      .map((l) => l.split('/password/reset/')[1]!),
  ),
];
const reset = (token: string, password: string) =>
  call(t, 'POST', '/api/auth/reset-password', { body: { token, password, password_confirmation: password } });
const passwordHashOf = async (id: number) =>
  (await db().select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, id)))[0]!
    .passwordHash;

describe('issue 9: registration and verification', () => {
  it('registration rule: the account records when its terms were accepted (at registration)', async () => {
    const before = Date.now();
    const m = await registerMember(t);
    const [row] = await db().select({ at: users.termsAcceptedAt }).from(users).where(eq(users.id, m.id));
    expect(row!.at).toBeInstanceOf(Date);
    expect(row!.at!.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(row!.at!.getTime()).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('verification rule: the link opened again after it verified the account still answers 204 (nothing to do)', async () => {
    const m = await registerMember(t);
    const link = new URL(
      (await mailsTo(m.email)).flatMap((x) => x.links).find((l) => l.includes('/email/verify/'))!,
    );
    const path = `/api/verify${link.pathname.replace('/email/verify', '')}${link.search}`;
    expect((await call(t, 'POST', path)).status).toBe(204);
    expect((await call(t, 'POST', path)).status).toBe(204);
    expect((await call(t, 'GET', '/api/profile/init', { token: m.token })).json.is_verified).toBe(true);
  });

  it('verification rule: a verified member is never told that "someone" signed up with their own address', async () => {
    const m = await registerMember(t);
    await verifyMember(t, m);
    const before = (await mailsTo(m.email)).length;
    await sendVerificationMail(t.app.ctx, (await findActiveUser(db(), m.id))!);
    expect(await mailsTo(m.email)).toHaveLength(before);
  });
});

describe('DESIGN §8: password hashes are upgraded at sign-in', () => {
  it('password hash rule: a sign-in with an older argon2 hash stores a new one with the current parameters; a current hash is left as it is', async () => {
    const m = await registerMember(t);
    const current = await passwordHashOf(m.id);
    expect((await login(m.email, strongPassword)).status).toBe(200);
    expect(await passwordHashOf(m.id)).toBe(current);
    const older = await hash(strongPassword, { algorithm: 2, memoryCost: 4096, timeCost: 1, parallelism: 1 });
    await db().update(users).set({ passwordHash: older }).where(eq(users.id, m.id));
    expect((await login(m.email, strongPassword)).status).toBe(200);
    const upgraded = await passwordHashOf(m.id);
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword(upgraded, strongPassword)).toBe(true);
    expect((await login(m.email, strongPassword)).status).toBe(200);
  });
});

describe('issue 9: forgotten password', () => {
  it('reset rule: forgot-password does the same work for a known and an unknown address: the answer only stores the request; the link is made and mailed after it', async () => {
    const m = await registerMember(t);
    const unknown = `niemand-${Date.now()}@example.org`;
    await outbox(t); // what registering queued has gone out
    const jobs = t.app.ctx.jobs;
    const links = async () => (await db().select().from(passwordResets)).length;
    const linksBefore = await links();
    const answers = [];
    for (const email of [m.email, unknown]) {
      const linksNow = await links();
      const res = await forgot(email);
      await t.app.ctx.mailer.idle();
      answers.push([res.status, res.text]);
      expect({
        requests: await jobs.pending('auth-password-reset'),
        mails: await jobs.pending('mail-send'),
        links: await links(),
      }).toEqual({ requests: 1, mails: 0, links: linksNow });
      await outbox(t);
      expect(await jobs.pending('auth-password-reset')).toBe(0);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(await links()).toBe(linksBefore + 1);
    expect(await resetTokens(m.email)).toHaveLength(1);
    expect(await mailsTo(unknown)).toEqual([]);
  });

  it('reset rule: a reset link carries an opaque "pr_" token of 43 base64url characters, kept only as its SHA-256', async () => {
    const m = await registerMember(t);
    await forgot(m.email);
    const [token] = await resetTokens(m.email);
    expect(token).toMatch(/^pr_[A-Za-z0-9_-]{43}$/);
    const rows = await db()
      .select({ userId: passwordResets.userId })
      .from(passwordResets)
      .where(eq(passwordResets.tokenHash, sha256(token!)));
    expect(rows).toEqual([{ userId: m.id }]);
  });

  it('reset rule: of two open links, the older sets the password and uses up both; every session ends, recorded as ended by the reset', async () => {
    const m = await registerMember(t);
    await forgot(m.email);
    await forgot(m.email);
    const tokens = await resetTokens(m.email);
    expect(tokens).toHaveLength(2);
    const password = 'Zwei Links und ein Abend 5';
    expect((await reset(tokens[0]!, password)).status).toBe(200);
    const second = await reset(tokens[1]!, 'Noch ein ganz anderes Passwort 6');
    expect({ status: second.status, code: second.json.code }).toEqual({ status: 403, code: 'invalid_link' });
    expect((await login(m.email, password)).status).toBe(200);
    const [row] = await db()
      .select({ reason: sessions.revokedReason })
      .from(sessions)
      .where(eq(sessions.id, decodeJwt(m.token).sid as string));
    expect(row!.reason).toBe('password_reset');
  });

  it('reset rule: a link another request used in the meantime is refused with 403 invalid_link, even while a newer link is open; the password stays', async () => {
    const m = await registerMember(t);
    await forgot(m.email);
    const [first] = await resetTokens(m.email);
    let raced = false;
    // Between this request's look-up of the link and its claim, another request uses the link and a
    // new one is asked for.
    const racing = new Proxy(db(), {
      get(target, prop) {
        const value = Reflect.get(target, prop, target) as unknown;
        if (typeof value !== 'function') return value;
        if (prop !== 'update') return value.bind(target);
        return (table: typeof passwordResets) => {
          if (table !== passwordResets || raced) return target.update(table);
          raced = true;
          const claim = target.update(table);
          return {
            set: (values: Parameters<typeof claim.set>[0]) => ({
              where: (where: Parameters<ReturnType<typeof claim.set>['where']>[0]) => ({
                returning: async (fields: { id: typeof passwordResets.id }) => {
                  await target
                    .update(passwordResets)
                    .set({ usedAt: new Date() })
                    .where(eq(passwordResets.tokenHash, sha256(first!)));
                  await sendPasswordReset(t.app.ctx, m.email);
                  return claim.set(values).where(where).returning(fields);
                },
              }),
            }),
          };
        };
      },
    });
    await expect(
      resetPassword({ ...t.app.ctx, db: racing }, first!, 'Ganz neues Passwort am See 5'),
    ).rejects.toMatchObject({ code: 'invalid_link', status: 403 });
    expect(raced).toBe(true);
    expect((await login(m.email, strongPassword)).status).toBe(200);
  });
});
