import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, strongPassword } from '../../test/factories.ts';
import { call, createTestApp, outbox, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const registration = (over: Record<string, unknown> = {}) => ({
  email: `anna-${Math.random().toString(36).slice(2)}@example.org`,
  password: strongPassword,
  password_confirmation: strongPassword,
  nickname: 'Anna',
  terms_accepted: true,
  locale: 'de',
  ...over,
});

describe('POST /api/register', () => {
  it('answers {user, token, refresh_token} and sends a verification mail in the member language', async () => {
    const body = registration({ locale: 'en' });
    const res = await call(t, 'POST', '/api/register', { body });
    expect(res.status).toBe(201);
    expect(res.json.token).toEqual(expect.any(String));
    expect(res.json.refresh_token).toEqual(expect.any(String));
    expect(res.json.user).toMatchObject({
      email: body.email,
      nickname: 'Anna',
      is_verified: false,
      locale: 'en',
    });
    const mail = (await outbox(t)).find((m) => m.to.includes(body.email));
    expect(mail?.subject).toContain('Please confirm your e-mail address');
    expect(mail?.links.some((l) => l.includes('/email/verify/'))).toBe(true);
  });

  it('SPEC §5 required: missing fields are 422 with "Diese Angabe ist notwendig." per field', async () => {
    const res = await call(t, 'POST', '/api/register', { body: {} });
    expect(res.status).toBe(422);
    expect(res.json.code).toBe('validation_failed');
    const errors = res.json.errors as Record<string, string[]>;
    expect(errors.email).toEqual(['Diese Angabe ist notwendig.']);
    expect(errors.nickname).toEqual(['Diese Angabe ist notwendig.']);
    expect(errors.password).toEqual(['Diese Angabe ist notwendig.']);
  });

  it('SPEC §5 messages in English when the request asks for English', async () => {
    const res = await call(t, 'POST', '/api/register', {
      body: registration({ email: 'not-an-address', nickname: '' }),
      locale: 'en',
    });
    expect(res.status).toBe(422);
    const errors = res.json.errors as Record<string, string[]>;
    expect(errors.email).toEqual(['this field must have a valid email address.']);
    expect(errors.nickname).toEqual(['This field is required']);
  });

  it('SPEC §5 equal_passwords: a differing confirmation is refused', async () => {
    const res = await call(t, 'POST', '/api/register', {
      body: registration({ password_confirmation: `${strongPassword}!` }),
    });
    expect(res.status).toBe(422);
    expect((res.json.errors as Record<string, string[]>).password_confirmation).toEqual([
      'Die Passwörter müssen identisch sein!',
    ]);
  });

  it('DESIGN §8: passwords shorter than 12 or common are refused', async () => {
    const short = await call(t, 'POST', '/api/register', {
      body: registration({ password: 'kurz', password_confirmation: 'kurz' }),
    });
    expect((short.json.errors as Record<string, string[]>).password).toEqual([
      'Diese Angabe muss mindestens 12 Zeichen lang sein.',
    ]);
    const common = await call(t, 'POST', '/api/register', {
      body: registration({ password: 'passwort1234', password_confirmation: 'passwort1234' }),
    });
    expect(common.status).toBe(422);
    expect((common.json.errors as Record<string, string[]>).password?.[0]).toMatch(/zu leicht/);
  });

  it('bad input: wrong types, terms not accepted, unknown locale, malformed JSON, huge body → 4xx', async () => {
    const wrong = await call(t, 'POST', '/api/register', {
      body: registration({ email: 42, nickname: ['x'], terms_accepted: 'yes', locale: 'fr' }),
    });
    expect(wrong.status).toBe(422);
    expect(Object.keys(wrong.json.errors as object).sort()).toEqual([
      'email',
      'locale',
      'nickname',
      'terms_accepted',
    ]);
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": ',
    });
    expect(malformed.statusCode).toBe(400);
    const huge = await call(t, 'POST', '/api/register', {
      body: registration({ nickname: 'x'.repeat(200_000) }),
    });
    expect(huge.status).toBe(413);
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
  });
});

describe('e-mail verification', () => {
  it('the link from the mail verifies: POST /api/verify/{id}/{hash} answers 204 and nothing else', async () => {
    const m = await registerMember(t);
    const mail = (await outbox(t)).find((x) => x.to.includes(m.email))!;
    const link = new URL(mail.links.find((l) => l.includes('/email/verify/'))!);
    const res = await call(
      t,
      'POST',
      `/api/verify${link.pathname.replace('/email/verify', '')}${link.search}`,
    );
    expect(res.status).toBe(204);
    expect(res.text).toBe('');
    const me = await call(t, 'GET', '/api/profile/init', { token: m.token });
    expect(me.json.is_verified).toBe(true);
  });

  it('a tampered, foreign or expired link is refused with 403 and changes nothing', async () => {
    const m = await registerMember(t);
    const other = await registerMember(t);
    const mail = (await outbox(t)).find((x) => x.to.includes(m.email))!;
    const link = new URL(mail.links.find((l) => l.includes('/email/verify/'))!);
    const [, , , id, hash] = link.pathname.split('/');
    const sig = link.searchParams.get('signature')!;
    const exp = Number(link.searchParams.get('expires'));
    const tampered = sig.replace(/^./, sig[0] === 'a' ? 'b' : 'a');
    const attempts = [
      `/api/verify/${id}/${hash}?expires=${exp}&signature=${tampered}`,
      `/api/verify/${other.id}/${hash}?expires=${exp}&signature=${sig}`,
      `/api/verify/${id}/${hash}?expires=${exp + 3600}&signature=${sig}`,
      `/api/verify/${id}/${hash}?expires=1000&signature=${sig}`,
    ];
    for (const url of attempts) expect((await call(t, 'POST', url)).status).toBe(403);
    expect((await call(t, 'POST', `/api/verify/${id}/${hash}`)).status).toBe(422);
    expect((await call(t, 'POST', `/api/verify/abc/${hash}?expires=1&signature=x`)).status).toBe(422);
    const me = await call(t, 'GET', '/api/profile/init', { token: m.token });
    expect(me.json.is_verified).toBe(false);
  });

  it('resend sends a new mail to an unverified member and needs a session', async () => {
    const m = await registerMember(t, { locale: 'en' });
    const before = (await outbox(t)).filter((x) => x.to.includes(m.email)).length;
    const res = await call(t, 'POST', '/api/verify/resend', { token: m.token, locale: 'en' });
    expect(res.status).toBe(200);
    expect((await outbox(t)).filter((x) => x.to.includes(m.email)).length).toBe(before + 1);
    expect((await call(t, 'POST', '/api/verify/resend')).status).toBe(401);
  });
});

describe('forgotten password', () => {
  it('answers the same for known and unknown addresses, mails only the known one', async () => {
    const m = await registerMember(t);
    const known = await call(t, 'POST', '/api/auth/forgot-password', { body: { email: m.email } });
    const unknown = await call(t, 'POST', '/api/auth/forgot-password', {
      body: { email: 'nobody@example.org' },
    });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(known.json).toEqual(unknown.json);
    const mails = await outbox(t);
    expect(
      mails.some((x) => x.to.includes(m.email) && x.links.some((l) => l.includes('/password/reset/'))),
    ).toBe(true);
    expect(mails.some((x) => x.to.includes('nobody@example.org'))).toBe(false);
  });

  it('the reset link sets the new password once and ends every session of the member', async () => {
    const m = await registerMember(t);
    await call(t, 'POST', '/api/auth/forgot-password', { body: { email: m.email } });
    const link = (await outbox(t))
      .flatMap((x) => (x.to.includes(m.email) ? x.links : []))
      .find((l) => l.includes('/password/reset/'))!;
    const token = link.split('/password/reset/')[1]!;
    const newPassword = 'Ein ganz neues Passwort 42';

    const weak = await call(t, 'POST', '/api/auth/reset-password', {
      body: { token, password: 'passwort1234', password_confirmation: 'passwort1234' },
    });
    expect(weak.status).toBe(422);

    const ok = await call(t, 'POST', '/api/auth/reset-password', {
      body: { token, password: newPassword, password_confirmation: newPassword },
    });
    expect(ok.status).toBe(200);
    expect((await call(t, 'GET', '/api/profile/init', { token: m.token })).status).toBe(401);
    const refresh = await call(t, 'GET', '/api/auth/tokens/refresh', { token: m.refresh_token });
    expect(refresh.status).toBe(401);

    const again = await call(t, 'POST', '/api/auth/reset-password', {
      body: { token, password: newPassword, password_confirmation: newPassword },
    });
    expect(again.status).toBe(403);
    const oldLogin = await call(t, 'POST', '/api/auth/tokens', {
      body: { username: m.email, password: strongPassword },
    });
    expect(oldLogin.status).toBe(401);
    const login = await call(t, 'POST', '/api/auth/tokens', {
      body: { username: m.email, password: newPassword },
    });
    expect(login.status).toBe(200);
  });

  it('an unknown or malformed reset token is refused without changing anything', async () => {
    const res = await call(t, 'POST', '/api/auth/reset-password', {
      body: {
        token: 'pr_unknownunknownunknown',
        password: strongPassword,
        password_confirmation: strongPassword,
      },
    });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('invalid_link');
    const bad = await call(t, 'POST', '/api/auth/reset-password', { body: { token: 5 } });
    expect(bad.status).toBe(422);
    expect((await call(t, 'POST', '/api/auth/forgot-password', { body: { email: 'nope' } })).status).toBe(
      422,
    );
  });
});
