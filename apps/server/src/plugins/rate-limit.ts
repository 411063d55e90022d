import { createHash } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';

/** Per-route limits (routes opt in with config.rateLimit); shared across nodes through Redis when set. */
export const rateLimitPlugin = fp(
  async (app: FastifyInstance, opts: { redis: Redis | null; prefix: string }) => {
    await app.register(rateLimit, {
      global: false,
      ...(opts.redis ? { redis: opts.redis, nameSpace: `${opts.prefix}:rl:` } : {}),
      addHeadersOnExceeding: {
        'x-ratelimit-limit': true,
        'x-ratelimit-remaining': true,
        'x-ratelimit-reset': true,
      },
      addHeaders: {
        'retry-after': true,
        'x-ratelimit-limit': true,
        'x-ratelimit-remaining': true,
        'x-ratelimit-reset': true,
      },
    });
  },
);

/**
 * Per-session key for limits on authenticated routes. Limits run before authentication, so the key is
 * the bearer token's hash (a forged token cannot use up someone else's allowance), else the address.
 */
export function sessionKey(prefix: string) {
  return (request: FastifyRequest) => {
    const auth = request.headers.authorization;
    return `${prefix}:${auth ? createHash('sha256').update(auth).digest('base64url').slice(0, 22) : request.ip}`;
  };
}
