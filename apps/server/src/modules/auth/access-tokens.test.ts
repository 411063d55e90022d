import { decodeJwt, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerMember } from '../../test/factories.ts';
import { call, createTestApp, type TestApp } from '../../test/test-app.ts';
import { createAccessTokens } from './tokens.ts';

/**
 * Issue 21: an access token is accepted only when it is exactly what the server signs: HS256 with our
 * key, audience, issuer, type "access", a session id that is a UUID of a live session, a subject that is
 * a member id, issued-at and an expiry in the future. Each forged token below differs from a good one in
 * one thing only, signed with the real key.
 */

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface Forge {
  alg?: string;
  typ?: unknown;
  sid?: unknown;
  sub?: string | null;
  aud?: string;
  iss?: string;
  iat?: boolean;
  exp?: number | null;
}

async function forge(good: string, f: Forge = {}): Promise<string> {
  const claims = decodeJwt(good);
  const body: Record<string, unknown> = {
    typ: 'typ' in f ? f.typ : claims.typ,
    sid: 'sid' in f ? f.sid : claims.sid,
  };
  const jwt = new SignJWT(body)
    .setProtectedHeader({ alg: f.alg ?? 'HS256' })
    .setAudience(f.aud ?? 'trostnetz')
    .setIssuer(f.iss ?? 'trostnetz-api');
  const sub = 'sub' in f ? f.sub : claims.sub;
  if (sub !== null && sub !== undefined) jwt.setSubject(sub);
  if (f.iat !== false) jwt.setIssuedAt();
  const exp = 'exp' in f ? f.exp : Math.floor(Date.now() / 1000) + 600;
  if (exp !== null && exp !== undefined) jwt.setExpirationTime(exp);
  const secret = f.alg === 'HS512' ? `${t.config.jwtSecret}${t.config.jwtSecret}` : t.config.jwtSecret;
  return jwt.sign(new TextEncoder().encode(secret));
}

const statusWith = async (token: string) => (await call(t, 'GET', '/api/profile/init', { token })).status;

describe('access tokens: only exactly what the server signs is accepted', () => {
  it('tokens rule: a token re-signed with the same claims is accepted (the forgeries below differ in one thing)', async () => {
    const m = await registerMember(t);
    expect(await statusWith(await forge(m.token))).toBe(200);
  });

  it('tokens rule: wrong type, audience, issuer or algorithm is 401', async () => {
    const m = await registerMember(t);
    for (const f of [
      { typ: 'refresh' },
      { typ: undefined },
      { aud: 'someone-else' },
      { iss: 'trostnetz-web' },
      { alg: 'HS512' },
    ] satisfies Forge[]) {
      expect(await statusWith(await forge(m.token, f)), JSON.stringify(f)).toBe(401);
    }
  });

  it('tokens rule: a session id that is no UUID, or a UUID of no live session, is 401', async () => {
    const m = await registerMember(t);
    const sid = decodeJwt(m.token).sid as string;
    for (const f of [
      { sid: 42 },
      { sid: `${sid}x` },
      { sid: sid.replace(/-/g, '') },
      { sid: '00000000-0000-4000-8000-000000000000' },
    ] satisfies Forge[]) {
      expect(await statusWith(await forge(m.token, f)), JSON.stringify(f)).toBe(401);
    }
  });

  it('tokens rule: the subject must be the member id as written by the server; 0, leading zeros, signs, other members are 401', async () => {
    const m = await registerMember(t);
    const other = await registerMember(t);
    for (const sub of [
      '0',
      `0${m.id}`,
      `+${m.id}`,
      `${m.id}.0`,
      `${m.id} `,
      '12345678901234567',
      String(other.id),
      null,
    ]) {
      expect(await statusWith(await forge(m.token, { sub })), String(sub)).toBe(401);
    }
  });

  it('tokens rule: a token without issued-at or expiry, or past its expiry, is 401; one a minute before expiry is accepted', async () => {
    const m = await registerMember(t);
    const now = Math.floor(Date.now() / 1000);
    expect(await statusWith(await forge(m.token, { iat: false }))).toBe(401);
    expect(await statusWith(await forge(m.token, { exp: null }))).toBe(401);
    expect(await statusWith(await forge(m.token, { exp: now - 5 }))).toBe(401);
    expect(await statusWith(await forge(m.token, { exp: now + 60 }))).toBe(200);
  });

  it('tokens rule: the server gives access tokens the configured lifetime', async () => {
    const m = await registerMember(t);
    const { iat, exp } = decodeJwt(m.token);
    expect(exp! - iat!).toBe(t.config.tokens.accessTtlSec);
  });

  it('tokens rule: the Authorization header is "Bearer <token>" (any case, spaces), nothing else', async () => {
    const m = await registerMember(t);
    const withHeader = async (authorization: string) =>
      (await t.app.inject({ method: 'GET', url: '/api/profile/init', headers: { authorization } }))
        .statusCode;
    expect(await withHeader(`Bearer ${m.token}`)).toBe(200);
    expect(await withHeader(`bearer   ${m.token}`)).toBe(200);
    expect(await withHeader(`Basic ${m.token}`)).toBe(401);
    expect(await withHeader(`Bearer ${m.token} extra`)).toBe(401);
    expect(await withHeader(`Bearer${m.token}`)).toBe(401);
    expect(await withHeader(m.token)).toBe(401);
  });

  it('tokens rule: a token checked once is remembered, but its expiry is judged at every use', async () => {
    const tokens = createAccessTokens({ ...t.config, tokens: { ...t.config.tokens, accessTtlSec: 2 } });
    const claims = { userId: 7, sessionId: '00000000-0000-4000-8000-000000000007' };
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 3_000);
    try {
      expect(await tokens.verify(token)).toBeNull();
      // A fresh verifier (nothing remembered) judges it the same way.
      expect(await createAccessTokens(t.config).verify(token)).toBeNull();
    } finally {
      vi.useRealTimers();
    }
    expect(await tokens.verify(`${token}x`)).toBeNull();
  });
});
