import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Config } from '../../config.ts';

const AUDIENCE = 'trostnetz';
const ISSUER = 'trostnetz-api';
const MAX_VERIFIED = 10_000;

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

/**
 * Access tokens: short-lived HS256 JWTs checked for algorithm, audience, issuer, type and expiry. Any
 * token that is not exactly what sign() makes (no exp or iat, a session id that is no UUID, a subject
 * that is no id) is refused here, before it reaches a query.
 */
export function createAccessTokens(config: Config) {
  const key = new TextEncoder().encode(config.jwtSecret);
  /**
   * Tokens that passed every check, with their expiry: a member's tab sends the same token with every
   * request for its lifetime, and checking the HMAC again each time was the largest single cost of a
   * chat message after the database (issue 18's profile). The expiry is still checked at every use;
   * only exactly the same string hits. Bounded: the oldest entries go first.
   */
  const verified = new Map<string, { claims: AccessClaims; exp: number }>();
  const remember = (token: string, claims: AccessClaims, exp: number) => {
    if (verified.size >= MAX_VERIFIED) verified.delete(verified.keys().next().value as string);
    verified.set(token, { claims, exp });
  };
  return {
    sign(claims: AccessClaims): Promise<string> {
      return new SignJWT({ typ: 'access', sid: claims.sessionId })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(String(claims.userId))
        .setAudience(AUDIENCE)
        .setIssuer(ISSUER)
        .setIssuedAt()
        .setExpirationTime(`${config.tokens.accessTtlSec}s`)
        .sign(key);
    },
    async verify(token: string): Promise<AccessClaims | null> {
      const known = verified.get(token);
      if (known) {
        // As jose judges it: expired once `exp` is not after the current whole second.
        if (known.exp > Math.floor(Date.now() / 1000)) return known.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          audience: AUDIENCE,
          issuer: ISSUER,
          requiredClaims: ['exp', 'iat', 'sub'],
        });
        const { typ, sid, sub } = payload;
        const userId = Number(sub);
        const wellFormed =
          typ === 'access' &&
          typeof sid === 'string' &&
          /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(sid) &&
          // jose checks that `sub` is there, not that it is a string: a number is not what sign() makes.
          typeof sub === 'string' &&
          /^[1-9][0-9]{0,15}$/.test(sub) &&
          Number.isSafeInteger(userId);
        if (!wellFormed) return null;
        const claims = { userId, sessionId: sid };
        remember(token, claims, payload.exp as number);
        return claims;
      } catch {
        return null;
      }
    },
  };
}
export type AccessTokens = ReturnType<typeof createAccessTokens>;

/** Opaque secrets (refresh and reset tokens) are given out once and stored only as a SHA-256 hash. */
export const newOpaqueToken = (prefix: string) => `${prefix}_${randomBytes(32).toString('base64url')}`;
export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function bearerToken(header: string | undefined): string | null {
  const m = header?.match(/^Bearer\s+(\S{1,2048})$/i);
  return m ? m[1]! : null;
}
