import { createHash, createHmac } from 'node:crypto';
import { jwtVerify } from 'jose';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../config.ts';
import { createSignedLinks } from './signed-links.ts';
import { bearerToken, createAccessTokens } from './tokens.ts';

/**
 * Access tokens, bearer headers and signed verification links on their own (the HTTP side is in
 * access-tokens.test.ts and accounts.test.ts). jwtVerify is wrapped to count the signature checks.
 */
vi.mock('jose', async (importOriginal) => {
  const jose = await importOriginal<typeof import('jose')>();
  return { ...jose, jwtVerify: vi.fn(jose.jwtVerify) };
});
const signatureChecks = vi.mocked(jwtVerify);

const secret = 'test-jwt-secret-0123456789-0123456789-abcdef';
const config = {
  jwtSecret: secret,
  appKey: 'test-app-key-0123456789-0123456789-abcdefgh',
  appUrl: 'http://localhost:3000',
  tokens: { accessTtlSec: 15 * 60, refreshTtlSec: 7 * 86_400, verifyLinkTtlSec: 86_400, resetTtlSec: 3600 },
} as unknown as Config;
const T0 = Date.UTC(2026, 0, 5, 12, 0, 0);
const sid = '00000000-0000-4000-8000-000000000007';

beforeEach(() => {
  signatureChecks.mockClear();
  vi.setSystemTime(T0);
});
afterEach(() => {
  vi.useRealTimers();
});

const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
/** An HS256 token with the real key and exactly these claims (cheaper than jose for thousands). */
function tokenWith(over: Record<string, unknown> = {}) {
  const now = Math.floor(Date.now() / 1000);
  const claims = {
    typ: 'access',
    sid,
    sub: '7',
    aud: 'trostnetz',
    iss: 'trostnetz-api',
    iat: now,
    exp: now + 900,
    ...over,
  };
  const unsigned = `${b64({ alg: 'HS256' })}.${b64(claims)}`;
  return `${unsigned}.${createHmac('sha256', secret).update(unsigned).digest('base64url')}`;
}

describe('tokens rule: verified access tokens are remembered, within bounds', () => {
  it('tokens rule: a token checked once is remembered: its signature is checked once, later uses answer the same claims', async () => {
    const tokens = createAccessTokens(config);
    const token = await tokens.sign({ userId: 7, sessionId: sid });
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: sid });
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: sid });
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: sid });
    expect(signatureChecks).toHaveBeenCalledTimes(1);
  });

  it('tokens rule: a remembered token is good until 1 ms before the second its expiry names, and refused from that second on', async () => {
    const tokens = createAccessTokens(config);
    const exp = Math.floor(T0 / 1000) + 900;
    const token = tokenWith({ exp });
    vi.setSystemTime(exp * 1000 - 1);
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: sid });
    expect(await tokens.verify(token)).toEqual({ userId: 7, sessionId: sid });
    expect(signatureChecks).toHaveBeenCalledTimes(1);
    vi.setSystemTime(exp * 1000);
    expect(await tokens.verify(token)).toBeNull();
    expect(signatureChecks).toHaveBeenCalledTimes(1);
    // Forgotten once expired: the next use is checked afresh, and refused the same way.
    expect(await tokens.verify(token)).toBeNull();
    expect(signatureChecks).toHaveBeenCalledTimes(2);
  });

  it('tokens rule: at most 10 000 tokens are remembered; the oldest is forgotten first, the others stay', async () => {
    const tokens = createAccessTokens(config);
    const all = Array.from({ length: 10_001 }, (_, i) => tokenWith({ sub: String(i + 1) }));
    for (const token of all.slice(0, 10_000)) await tokens.verify(token);
    expect(signatureChecks).toHaveBeenCalledTimes(10_000);
    // The 10 001st pushes out the first.
    expect(await tokens.verify(all[10_000]!)).toEqual({ userId: 10_001, sessionId: sid });
    expect(signatureChecks).toHaveBeenCalledTimes(10_001);
    expect(await tokens.verify(all[1]!)).toEqual({ userId: 2, sessionId: sid });
    expect(await tokens.verify(all[9_999]!)).toEqual({ userId: 10_000, sessionId: sid });
    expect(signatureChecks).toHaveBeenCalledTimes(10_001);
    expect(await tokens.verify(all[0]!)).toEqual({ userId: 1, sessionId: sid });
    expect(signatureChecks).toHaveBeenCalledTimes(10_002);
  });
});

describe('tokens rule: only claims exactly as the server writes them', () => {
  it('tokens rule: the session id must be a string that is one UUID: in an array, or after other text, it is refused', async () => {
    const tokens = createAccessTokens(config);
    expect(await tokens.verify(tokenWith())).toEqual({ userId: 7, sessionId: sid });
    expect(await tokens.verify(tokenWith({ sid: [sid] }))).toBeNull();
    expect(await tokens.verify(tokenWith({ sid: `x${sid}` }))).toBeNull();
    expect(await tokens.verify(tokenWith({ sid: `${sid}x` }))).toBeNull();
  });

  it('tokens rule: the subject must be the member id as a string; the same id as a JSON number is refused', async () => {
    const tokens = createAccessTokens(config);
    expect(await tokens.verify(tokenWith({ sub: '7' }))).toEqual({ userId: 7, sessionId: sid });
    expect(await tokens.verify(tokenWith({ sub: 7 }))).toBeNull();
    expect(await tokens.verify(tokenWith({ sub: null }))).toBeNull();
  });

  it('tokens rule: the bearer token is read only from a header that starts with "Bearer "; none, empty, or "Bearer" further on gives none', () => {
    expect(bearerToken('Bearer abc.def')).toBe('abc.def');
    expect(bearerToken('bearer \t abc')).toBe('abc');
    expect(bearerToken(undefined)).toBeNull();
    expect(bearerToken('')).toBeNull();
    expect(bearerToken('Basic Bearer abc')).toBeNull();
    expect(bearerToken('xBearer abc')).toBeNull();
    expect(bearerToken(`Bearer ${'a'.repeat(2048)}`)).toBe('a'.repeat(2048));
    expect(bearerToken(`Bearer ${'a'.repeat(2049)}`)).toBeNull();
  });
});

describe('verification link rule: signed, expiring, bound to the address', () => {
  const links = createSignedLinks(config);
  const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
  const parts = (url: string) => {
    const u = new URL(url);
    const [, , , id, hash] = u.pathname.split('/');
    return {
      id: Number(id),
      hash: hash!,
      expires: Number(u.searchParams.get('expires')),
      signature: u.searchParams.get('signature')!,
    };
  };
  const anna = { id: 41, email: 'anna.berger@example.org' };

  it('verification link rule: the link is /email/verify/{id}/{SHA-256 of the address in lower case}, expiring 24 h after the whole second it was made', () => {
    const link = parts(links.verificationUrl({ id: 41, email: 'Anna.Berger@Example.ORG' }, T0 + 999));
    expect(link.id).toBe(41);
    expect(link.hash).toBe(sha256('anna.berger@example.org'));
    expect(link.expires).toBe(T0 / 1000 + 86_400);
    expect(links.checkVerification(anna, link.hash, link.expires, link.signature, T0 + 999)).toBe(true);
  });

  it('verification link rule: a link is good up to its expiry (to the millisecond) and refused 1 ms later', () => {
    const { hash, expires, signature } = parts(links.verificationUrl(anna, T0));
    expect(links.checkVerification(anna, hash, expires, signature, expires * 1000)).toBe(true);
    expect(links.checkVerification(anna, hash, expires, signature, expires * 1000 + 1)).toBe(false);
  });

  it('verification link rule: a signature of another length, or no hex at all, is refused (never an error)', () => {
    const { hash, expires, signature } = parts(links.verificationUrl(anna, T0));
    for (const bad of ['abcd', signature.slice(0, -2), `${signature}00`, 'zz', '']) {
      expect(links.checkVerification(anna, hash, expires, bad, T0), bad).toBe(false);
    }
  });

  it('verification link rule: once the account has another address, a correctly signed link for the old one is refused', () => {
    const { hash, expires, signature } = parts(links.verificationUrl(anna, T0));
    expect(links.checkVerification({ id: 41, email: 'anna@example.net' }, hash, expires, signature, T0)).toBe(
      false,
    );
    expect(links.checkVerification({ id: 42, email: anna.email }, hash, expires, signature, T0)).toBe(false);
  });
});
