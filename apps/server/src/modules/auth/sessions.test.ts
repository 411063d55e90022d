import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, strongPassword } from '../../test/factories.ts';
import { call, createTestApp, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('POST /api/auth/tokens (login)', () => {
  it('answers {token, refresh_token, user} for correct credentials, e-mail in any case', async () => {
    const m = await registerMember(t);
    const res = await call(t, 'POST', '/api/auth/tokens', {
      body: { username: m.email.toUpperCase(), password: strongPassword },
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(['refresh_token', 'token', 'user']);
    expect((res.json.user as { id: number }).id).toBe(m.id);
  });

  it('wrong password and unknown e-mail get the same 401 answer', async () => {
    const m = await registerMember(t);
    const wrong = await call(t, 'POST', '/api/auth/tokens', {
      body: { username: m.email, password: 'falsch falsch' },
    });
    const unknown = await call(t, 'POST', '/api/auth/tokens', {
      body: { username: 'unknown@example.org', password: 'falsch falsch' },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(wrong.json).toEqual(unknown.json);
    expect(wrong.json.code).toBe('invalid_credentials');
  });

  it('bad input is 422, not 500', async () => {
    expect(
      (await call(t, 'POST', '/api/auth/tokens', { body: { username: 1, password: null } })).status,
    ).toBe(422);
    expect((await call(t, 'POST', '/api/auth/tokens')).status).toBeGreaterThanOrEqual(400);
  });
});

describe('SPEC §4 Session: refresh rotation', () => {
  it('GET /api/auth/tokens/refresh with the refresh token as bearer answers a new pair', async () => {
    const m = await registerMember(t);
    const res = await call(t, 'GET', '/api/auth/tokens/refresh', { token: m.refresh_token });
    expect(res.status).toBe(200);
    expect(Object.keys(res.json).sort()).toEqual(['refresh_token', 'token']);
    expect(res.json.refresh_token).not.toBe(m.refresh_token);
    expect((await call(t, 'GET', '/api/profile/init', { token: res.json.token as string })).status).toBe(200);
  });

  it('reuse of an old refresh token revokes its whole family', async () => {
    const m = await registerMember(t);
    const first = await call(t, 'GET', '/api/auth/tokens/refresh', { token: m.refresh_token });
    const second = await call(t, 'GET', '/api/auth/tokens/refresh', {
      token: first.json.refresh_token as string,
    });
    expect(second.status).toBe(200);
    const reuse = await call(t, 'GET', '/api/auth/tokens/refresh', { token: m.refresh_token });
    expect(reuse.status).toBe(401);
    // The newest refresh token and the access tokens of the family are dead too.
    expect(
      (await call(t, 'GET', '/api/auth/tokens/refresh', { token: second.json.refresh_token as string }))
        .status,
    ).toBe(401);
    expect((await call(t, 'GET', '/api/profile/init', { token: second.json.token as string })).status).toBe(
      401,
    );
  });

  it('two refreshes racing with the same token: at most one wins, the family ends', async () => {
    const m = await registerMember(t);
    const [a, b] = await Promise.all([
      call(t, 'GET', '/api/auth/tokens/refresh', { token: m.refresh_token }),
      call(t, 'GET', '/api/auth/tokens/refresh', { token: m.refresh_token }),
    ]);
    expect([a.status, b.status].filter((s) => s === 200).length).toBeLessThanOrEqual(1);
    expect([a.status, b.status]).toContain(401);
  });

  it('an access token is not accepted as a refresh token, and garbage is 401', async () => {
    const m = await registerMember(t);
    expect((await call(t, 'GET', '/api/auth/tokens/refresh', { token: m.token })).status).toBe(401);
    expect((await call(t, 'GET', '/api/auth/tokens/refresh', { token: 'rt_nothing' })).status).toBe(401);
    expect((await call(t, 'GET', '/api/auth/tokens/refresh')).status).toBe(401);
  });

  it('a refresh token is not accepted as an access token; a forged JWT is refused', async () => {
    const m = await registerMember(t);
    expect((await call(t, 'GET', '/api/profile/init', { token: m.refresh_token })).status).toBe(401);
    const [h, p] = m.token.split('.');
    const none = `${Buffer.from('{"alg":"none"}').toString('base64url')}.${p}.`;
    expect((await call(t, 'GET', '/api/profile/init', { token: none })).status).toBe(401);
    expect((await call(t, 'GET', '/api/profile/init', { token: `${h}.${p}.AAAA` })).status).toBe(401);
  });
});

describe('DELETE /api/auth/tokens/revoke', () => {
  it('ends the session on the server: access and refresh tokens stop working', async () => {
    const m = await registerMember(t);
    const res = await call(t, 'DELETE', '/api/auth/tokens/revoke', { token: m.token });
    expect(res.status).toBe(204);
    expect((await call(t, 'GET', '/api/profile/init', { token: m.token })).status).toBe(401);
    expect((await call(t, 'GET', '/api/auth/tokens/refresh', { token: m.refresh_token })).status).toBe(401);
  });

  it('other sessions of the member stay signed in', async () => {
    const m = await registerMember(t);
    const other = await call(t, 'POST', '/api/auth/tokens', {
      body: { username: m.email, password: strongPassword },
    });
    await call(t, 'DELETE', '/api/auth/tokens/revoke', { token: m.token });
    expect((await call(t, 'GET', '/api/profile/init', { token: other.json.token as string })).status).toBe(
      200,
    );
  });
});
