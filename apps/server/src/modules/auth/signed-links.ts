import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Config } from '../../config.ts';

/** Laravel-style signed, expiring e-mail verification links: /email/verify/{id}/{hash}?expires&signature. */
export function createSignedLinks(config: Config) {
  const sign = (id: number, hash: string, expires: number) =>
    createHmac('sha256', config.appKey).update(`verify:${id}:${hash}:${expires}`).digest('hex');
  const emailHash = (email: string) => createHash('sha256').update(email.toLowerCase()).digest('hex');

  return {
    verificationUrl(user: { id: number; email: string }, now = Date.now()): string {
      const hash = emailHash(user.email);
      const expires = Math.floor(now / 1000) + config.tokens.verifyLinkTtlSec;
      const signature = sign(user.id, hash, expires);
      return `${config.appUrl}/email/verify/${user.id}/${hash}?expires=${expires}&signature=${signature}`;
    },
    /** True when the signature is ours, not expired, and the hash still matches the e-mail address. */
    checkVerification(
      user: { id: number; email: string },
      hash: string,
      expires: number,
      signature: string,
      now = Date.now(),
    ): boolean {
      if (expires * 1000 < now) return false;
      const expected = Buffer.from(sign(user.id, hash, expires), 'hex');
      const given = Buffer.from(signature, 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
      return hash === emailHash(user.email);
    },
  };
}
