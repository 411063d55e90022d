import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { type MemberTokens, registerMember, strongPassword, verifyMember } from '../../test/factories.ts';
import { call, createTestApp, type OutboxMail, outbox, type TestApp } from '../../test/test-app.ts';
import { LOGIN_CANDIDATES, sweepUnverifiedAccounts } from './accounts.service.ts';
import { firstMatchingAccount } from './passwords.ts';

let t: TestApp;
beforeAll(async () => {
  // Every notice goes out, so each test sees exactly the mails its own steps cause.
  t = await createTestApp({ addressNoticeIntervalSec: 0 });
});
afterAll(() => t.close());

let seq = 0;
const address = () => `adresse-${++seq}-${Date.now()}@example.org`;
const otherPassword = 'Ein anderes langes Passwort 99';
const register = (email: string, over: Record<string, unknown> = {}) =>
  call(t, 'POST', '/api/register', {
    body: {
      email,
      password: otherPassword,
      password_confirmation: otherPassword,
      nickname: 'Jemand',
      terms_accepted: true,
      locale: 'de',
      ...over,
    },
  });
const mailsTo = async (email: string) => (await outbox(t)).filter((m) => m.to.includes(email));
/** The verification links in these mails, once each (the HTML part repeats them with &amp;). */
const verifyLinks = (mails: OutboxMail[]) => [
  ...new Set(
    mails
      .flatMap((m) => m.links)
      .filter((l) => l.includes('/email/verify/'))
      .map((l) => l.replaceAll('&amp;', '&')),
  ),
];
const login = (username: string, password: string) =>
  call(t, 'POST', '/api/auth/tokens', { body: { username, password } });
const verifyPath = (link: string) => {
  const url = new URL(link);
  return `/api/verify${url.pathname.replace('/email/verify', '')}${url.search}`;
};
const accountsWith = async (email: string) =>
  t.app.ctx.db
    .select({ id: users.id, verified: users.isVerified })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);

/** A verified member, the owner of the address. */
async function owner(locale: 'de' | 'en' = 'de'): Promise<MemberTokens> {
  const m = await registerMember(t, { email: address(), locale });
  await verifyMember(t, m);
  return m;
}

describe('issue 9 item 4: registration does not reveal whether an address has an account', () => {
  it('a taken address (any case) answers exactly like a new one: 201, same shape, a session confined to please-verify', async () => {
    const o = await owner();
    const fresh = await register(address());
    const taken = await register(o.email.toUpperCase());
    expect(taken.status).toBe(fresh.status);
    expect(Object.keys(taken.json).sort()).toEqual(Object.keys(fresh.json).sort());
    const keys = (r: typeof fresh) => Object.keys(r.json.user as object).sort();
    expect(keys(taken)).toEqual(keys(fresh));
    expect(taken.json.user).toMatchObject({ is_verified: false, nickname: 'Jemand', email: o.email });
    const token = taken.json.token as string;
    expect((await call(t, 'GET', '/api/profile/init', { token })).status).toBe(200);
    const confined = await call(t, 'GET', '/api/onboarding/questionnaire', { token });
    expect(confined.status).toBe(403);
    expect(confined.json.code).toBe('not_verified');
    // The owner's account is untouched: same password, still verified.
    expect((await login(o.email, strongPassword)).json.user).toMatchObject({ id: o.id, is_verified: true });
  });

  it('the owner gets a notice in their language; the new account never gets a verification link', async () => {
    const o = await owner('en');
    const before = (await mailsTo(o.email)).length;
    const taken = await register(o.email);
    const mails = (await mailsTo(o.email)).slice(before);
    expect(mails.map((m) => m.subject)).toEqual([
      'Trostnetz: Someone tried to sign up with your e-mail address',
    ]);
    expect(mails[0]!.text).toContain('If it was you, sign in or reset your password');
    expect(mails[0]!.links).toEqual(
      expect.arrayContaining(['http://localhost:3000/login', 'http://localhost:3000/forgot-password']),
    );
    expect(verifyLinks(mails)).toEqual([]);
    // "Resend" from the new account tells the owner again, never sends a link.
    const resent = await call(t, 'POST', '/api/verify/resend', { token: taken.json.token as string });
    expect(resent.status).toBe(200);
    const after = (await mailsTo(o.email)).slice(before);
    expect(after.map((m) => m.subject)).toEqual([
      'Trostnetz: Someone tried to sign up with your e-mail address',
      'Trostnetz: Someone tried to sign up with your e-mail address',
    ]);
    expect(verifyLinks(after)).toEqual([]);
  });

  it('notices to one owner are rate limited: a second one within the interval is not sent, the answer is the same', async () => {
    const limited = await createTestApp();
    try {
      const o = await registerMember(limited, { email: address() });
      await verifyMember(limited, o);
      const count = async () =>
        (await outbox(limited)).filter((m) => m.to.includes(o.email) && m.subject.includes('registrieren'))
          .length;
      const first = await call(limited, 'POST', '/api/register', {
        body: {
          email: o.email,
          password: otherPassword,
          password_confirmation: otherPassword,
          nickname: 'Jemand',
          terms_accepted: true,
          locale: 'de',
        },
      });
      expect(first.status).toBe(201);
      expect(await count()).toBe(1);
      const resent = await call(limited, 'POST', '/api/verify/resend', { token: first.json.token as string });
      expect(resent.status).toBe(200);
      expect(await count()).toBe(1);
    } finally {
      await limited.close();
    }
  });

  it('the account of a taken address can never be verified, not even with a correctly signed link', async () => {
    const o = await owner();
    const taken = await register(o.email);
    const id = (taken.json.user as { id: number }).id;
    const link = t.app.ctx.links.verificationUrl({ id, email: o.email });
    const res = await call(t, 'POST', verifyPath(link));
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('invalid_link');
    expect(await accountsWith(o.email)).toEqual(
      expect.arrayContaining([
        { id: o.id, verified: true },
        { id, verified: false },
      ]),
    );
  });

  it('of several unverified accounts with one address, the first verified keeps it and the others are deleted', async () => {
    const email = address();
    const first = await register(email);
    const second = await register(email, { password: strongPassword, password_confirmation: strongPassword });
    const links = verifyLinks(await mailsTo(email));
    expect(links).toHaveLength(2);
    const secondId = (second.json.user as { id: number }).id;
    const secondLink = links.find((l) => l.includes(`/email/verify/${secondId}/`))!;
    const firstLink = links.find((l) => l !== secondLink)!;
    expect((await call(t, 'POST', verifyPath(secondLink))).status).toBe(204);
    expect(await accountsWith(email)).toEqual([{ id: secondId, verified: true }]);
    expect((await call(t, 'POST', verifyPath(firstLink))).status).toBe(403);
    expect((await call(t, 'GET', '/api/profile/init', { token: first.json.token as string })).status).toBe(
      401,
    );
    expect((await login(email, strongPassword)).json.user).toMatchObject({ id: secondId });
  });

  it('two accounts verifying the same address at once: exactly one wins', async () => {
    const email = address();
    await register(email);
    await register(email);
    const links = verifyLinks(await mailsTo(email));
    const results = await Promise.all(links.map((l) => call(t, 'POST', verifyPath(l))));
    expect(results.map((r) => r.status).sort()).toEqual([204, 403]);
    const left = await accountsWith(email);
    expect(left).toHaveLength(1);
    expect(left[0]!.verified).toBe(true);
  });
});

describe('issue 9 item 4: login and forgotten password with several accounts on one address', () => {
  it('login finds the verified account first: the other account’s password does not sign in', async () => {
    const o = await owner();
    await register(o.email);
    expect((await login(o.email, strongPassword)).json.user).toMatchObject({ id: o.id });
    const other = await login(o.email, otherPassword);
    const unknown = await login(address(), otherPassword);
    expect(other.status).toBe(401);
    expect(other.json).toEqual(unknown.json);
  });

  it('without a verified account, each password signs in to its own unverified account, newest first', async () => {
    const email = address();
    const older = await register(email);
    const newer = await register(email, { password: strongPassword, password_confirmation: strongPassword });
    expect((await login(email, otherPassword)).json.user).toMatchObject({
      id: (older.json.user as { id: number }).id,
    });
    expect((await login(email, strongPassword)).json.user).toMatchObject({
      id: (newer.json.user as { id: number }).id,
    });
    expect((await login(email, 'Ganz falsches Passwort 1')).status).toBe(401);
  });

  it('the same number of argon2 verifications for no, one or several accounts', async () => {
    for (const hashes of [[], ['h1'], ['h1', 'h2', 'h3']]) {
      let verifications = 0;
      const verify = async (hash: string) => {
        verifications += 1;
        return hash === 'h2';
      };
      const found = await firstMatchingAccount(
        hashes.map((passwordHash, i) => ({ id: i, passwordHash })),
        'pw',
        LOGIN_CANDIDATES,
        verify,
      );
      expect(verifications).toBe(LOGIN_CANDIDATES);
      expect(found?.id).toBe(hashes.length === 3 ? 1 : undefined);
    }
  });

  it('forgot password only ever resets the verified account', async () => {
    const o = await owner();
    const taken = await register(o.email);
    const before = (await mailsTo(o.email)).length;
    await call(t, 'POST', '/api/auth/forgot-password', { body: { email: o.email } });
    const link = (await mailsTo(o.email))
      .slice(before)
      .flatMap((m) => m.links)
      .find((l) => l.includes('/password/reset/'))!;
    const newPassword = 'Neues Passwort für den Besitzer 7';
    const reset = await call(t, 'POST', '/api/auth/reset-password', {
      body: {
        token: link.split('/password/reset/')[1],
        password: newPassword,
        password_confirmation: newPassword,
      },
    });
    expect(reset.status).toBe(200);
    expect((await login(o.email, newPassword)).json.user).toMatchObject({ id: o.id });
    expect((await call(t, 'GET', '/api/profile/init', { token: taken.json.token as string })).status).toBe(
      200,
    );
  });

  it('without a verified account, forgot password targets the newest unverified one', async () => {
    const email = address();
    await register(email);
    const newer = await register(email);
    await call(t, 'POST', '/api/auth/forgot-password', { body: { email } });
    const link = (await mailsTo(email)).flatMap((m) => m.links).find((l) => l.includes('/password/reset/'))!;
    const newPassword = 'Neues Passwort für das neue Konto 8';
    await call(t, 'POST', '/api/auth/reset-password', {
      body: {
        token: link.split('/password/reset/')[1],
        password: newPassword,
        password_confirmation: newPassword,
      },
    });
    expect((await login(email, newPassword)).json.user).toMatchObject({
      id: (newer.json.user as { id: number }).id,
    });
  });
});

describe('issue 9 item 4: unverified accounts are swept after 7 days', () => {
  it('a nightly job deletes unverified accounts older than 7 days, keeps younger and verified ones', async () => {
    const o = await owner();
    const shadow = await register(o.email);
    const young = await register(address());
    const shadowId = (shadow.json.user as { id: number }).id;
    const youngId = (young.json.user as { id: number }).id;
    const day = 86_400_000;
    await t.app.ctx.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 8 * day) })
      .where(sql`${users.id} in (${o.id}, ${shadowId})`);
    await t.app.ctx.db
      .update(users)
      .set({ createdAt: new Date(Date.now() - 6 * day) })
      .where(eq(users.id, youngId));
    // The sweep runs nightly as a job on the queue; a run deletes exactly the old unverified accounts.
    const schedule = (await t.app.ctx.jobs.schedules()).find((s) => s.name === 'unverified-accounts-sweep');
    expect(schedule).toEqual({ name: 'unverified-accounts-sweep', cron: '30 3 * * *' });
    expect(await t.app.ctx.jobs.send('unverified-accounts-sweep', {})).toEqual(expect.any(String));
    expect(await t.app.ctx.jobs.drain()).toBeGreaterThanOrEqual(1);
    const left = await t.app.ctx.db
      .select({ id: users.id })
      .from(users)
      .where(sql`${users.id} in (${o.id}, ${shadowId}, ${youngId})`);
    expect(left.map((r) => r.id).sort((a, b) => a - b)).toEqual([o.id, youngId].sort((a, b) => a - b));
    // Called directly, the same sweep finds nothing more.
    expect(await sweepUnverifiedAccounts(t.app.ctx)).toEqual([]);
    expect((await call(t, 'GET', '/api/profile/init', { token: shadow.json.token as string })).status).toBe(
      401,
    );
  });
});
