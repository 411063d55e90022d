import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, strongPassword, verifyMember } from '../../test/factories.ts';
import { call, createTestApp, outbox, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const newPassword = 'Weidenkätzchen im März 42';
const chrome =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

async function member(locale: 'de' | 'en' = 'de') {
  const m = await registerMember(t, { locale });
  await verifyMember(t, m);
  return m;
}

async function login(email: string, password: string, userAgent = chrome) {
  return call(t, 'POST', '/api/auth/tokens', {
    body: { username: email, password },
    headers: { 'user-agent': userAgent },
  });
}

const changePassword = (token: string, body: unknown, locale?: 'de' | 'en') =>
  call(t, 'POST', '/api/settings/change-password', { token, body, locale });

describe('GET /api/settings/me', () => {
  it('answers the member and no pending address', async () => {
    const m = await member();
    const res = await call(t, 'GET', '/api/settings/me', { token: m.token });
    expect(res.status).toBe(200);
    expect(res.json.pending_email).toBeNull();
    expect((res.json.user as { id: number; email: string }).id).toBe(m.id);
    expect((res.json.user as { email: string }).email).toBe(m.email);
    expect(res.headers['cache-control']).toContain('no-store');
  });

  it('a guest gets 401, an unverified member 403', async () => {
    expect((await call(t, 'GET', '/api/settings/me')).status).toBe(401);
    const unverified = await registerMember(t);
    const res = await call(t, 'GET', '/api/settings/me', { token: unverified.token });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('not_verified');
  });
});

describe('POST /api/settings/change-password', () => {
  it('all other sessions end, this one stays; the new password signs in, the old one not', async () => {
    const m = await member();
    const other = await login(m.email, strongPassword);
    expect(other.status).toBe(200);
    const res = await changePassword(m.token, {
      current_password: strongPassword,
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(
      'Dein Passwort wurde geändert. Auf allen anderen Geräten bist du jetzt abgemeldet.',
    );
    expect((await call(t, 'GET', '/api/profile/init', { token: m.token })).status).toBe(200);
    expect((await call(t, 'GET', '/api/profile/init', { token: other.json.token as string })).status).toBe(
      401,
    );
    const refresh = await call(t, 'GET', '/api/auth/tokens/refresh', {
      token: other.json.refresh_token as string,
    });
    expect(refresh.status).toBe(401);
    // This session's refresh token keeps working.
    expect((await call(t, 'GET', '/api/auth/tokens/refresh', { token: m.refresh_token })).status).toBe(200);
    expect((await login(m.email, strongPassword)).status).toBe(401);
    expect((await login(m.email, newPassword)).status).toBe(200);
  });

  it('the member is told by mail in their language, and the mail holds no password', async () => {
    const m = await member('en');
    const res = await changePassword(m.token, {
      current_password: strongPassword,
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(res.status).toBe(200);
    const mails = (await outbox(t)).filter((x) => x.to.includes(m.email));
    const mail = mails.find((x) => x.subject === 'Trostnetz: Your password has been changed');
    expect(mail).toBeDefined();
    expect(mail!.text).toContain('You have been signed out on all other devices.');
    expect(mail!.text).not.toContain(newPassword);
    expect(mail!.text).not.toContain(strongPassword);
    expect(mail!.links).toContain('http://localhost:3000/forgot-password');
  });

  it('a wrong current password is 422 on current_password, and nothing changes', async () => {
    const m = await member();
    const other = await login(m.email, strongPassword);
    const res = await changePassword(m.token, {
      current_password: 'nicht mein Passwort',
      password: newPassword,
      password_confirmation: newPassword,
    });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ current_password: ['Das Passwort ist nicht korrekt.'] });
    expect((await call(t, 'GET', '/api/profile/init', { token: other.json.token as string })).status).toBe(
      200,
    );
    expect((await login(m.email, strongPassword)).status).toBe(200);
    expect((await login(m.email, newPassword)).status).toBe(401);
  });

  it('strength rules as at registration: a guessable or personal password is refused, nothing changes', async () => {
    const m = await member('en');
    for (const weak of ['passwort12345', `${m.email}1`]) {
      const res = await changePassword(
        m.token,
        { current_password: strongPassword, password: weak, password_confirmation: weak },
        'en',
      );
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({
        password: ['This password is too easy to guess. Please choose another one.'],
      });
    }
    expect((await login(m.email, strongPassword)).status).toBe(200);
  });

  it('length limits: 11 characters are refused, 12 accepted; 129 refused', async () => {
    const m = await member();
    const short = 'Ql8#vRz2!mW';
    expect(short).toHaveLength(11);
    const tooShort = await changePassword(m.token, {
      current_password: strongPassword,
      password: short,
      password_confirmation: short,
    });
    expect(tooShort.status).toBe(422);
    expect(tooShort.json.errors).toEqual({
      password: ['Diese Angabe muss mindestens 12 Zeichen lang sein.'],
    });
    const long = 'x'.repeat(129);
    const tooLong = await changePassword(m.token, {
      current_password: strongPassword,
      password: long,
      password_confirmation: long,
    });
    expect(tooLong.status).toBe(422);
    const twelve = `${short}k`;
    const ok = await changePassword(m.token, {
      current_password: strongPassword,
      password: twelve,
      password_confirmation: twelve,
    });
    expect(ok.status).toBe(200);
    expect((await login(m.email, twelve)).status).toBe(200);
  });

  it('a confirmation that differs is 422 on password_confirmation', async () => {
    const m = await member();
    const res = await changePassword(m.token, {
      current_password: strongPassword,
      password: newPassword,
      password_confirmation: `${newPassword}!`,
    });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({ password_confirmation: ['Die Passwörter müssen identisch sein!'] });
    expect((await login(m.email, strongPassword)).status).toBe(200);
  });

  it('bad input is 4xx, never 500; a guest gets 401', async () => {
    const m = await member();
    for (const body of [
      undefined,
      {},
      { current_password: 1, password: [], password_confirmation: null },
      'x',
    ]) {
      const res = await changePassword(m.token, body);
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect(
      (
        await call(t, 'POST', '/api/settings/change-password', {
          body: {
            current_password: strongPassword,
            password: newPassword,
            password_confirmation: newPassword,
          },
        })
      ).status,
    ).toBe(401);
    expect((await login(m.email, strongPassword)).status).toBe(200);
  });
});

describe('rate limit of password changes (the current password is not to be guessed)', () => {
  it('two a window pass, the third is 429 with Retry-After', async () => {
    const limited = await createTestApp({
      rateLimits: { ...t.config.rateLimits, passwordChange: { max: 2, timeWindow: 60_000 } },
    });
    try {
      const m = await registerMember(limited);
      await verifyMember(limited, m);
      const body = {
        current_password: 'falsch falsch',
        password: newPassword,
        password_confirmation: newPassword,
      };
      const go = () => call(limited, 'POST', '/api/settings/change-password', { token: m.token, body });
      expect((await go()).status).toBe(422);
      expect((await go()).status).toBe(422);
      const third = await go();
      expect(third.status).toBe(429);
      expect(third.headers['retry-after']).toBeDefined();
    } finally {
      await limited.close();
    }
  });
});

describe('POST /api/settings/change-nickname (rules as at registration)', () => {
  it('2 and 30 characters are taken; 1, 31 and other signs are 422 with nothing changed', async () => {
    const m = await member();
    for (const nickname of ['Jo', 'A'.repeat(30), 'Anna-Lena M.']) {
      const res = await call(t, 'POST', '/api/settings/change-nickname', {
        token: m.token,
        body: { nickname },
      });
      expect(res.status).toBe(200);
      expect((res.json.user as { nickname: string }).nickname).toBe(nickname);
    }
    for (const [nickname, message] of [
      ['J', 'Diese Angabe muss mindestens 2 Zeichen lang sein.'],
      ['A'.repeat(31), 'Diese Angabe darf höchstens 30 Zeichen lang sein.'],
      ['<b>Anna</b>', 'Bitte nutze nur Buchstaben, Ziffern, Leerzeichen, Punkt, Binde- und Unterstrich.'],
    ] as const) {
      const res = await call(t, 'POST', '/api/settings/change-nickname', {
        token: m.token,
        body: { nickname },
      });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ nickname: [message] });
    }
    const me = await call(t, 'GET', '/api/settings/me', { token: m.token });
    expect((me.json.user as { nickname: string }).nickname).toBe('Anna-Lena M.');
  });
});
