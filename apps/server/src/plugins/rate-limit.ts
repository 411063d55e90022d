import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Redis } from 'ioredis';
import type { RateLimitRule } from '../config.ts';
import { authUserId } from './auth.ts';

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
 * A limit per verified member. It runs as the route's last preHandler, after authentication: a request
 * without a live session gets its 401 and uses up nothing, and however the Authorization header is
 * spelled, or however many sessions a member opens, they share one allowance.
 */
export function perMember(name: string, rule: RateLimitRule) {
  return {
    ...rule,
    hook: 'preHandler' as const,
    keyGenerator: (request: FastifyRequest) => `${name}:${authUserId(request)}`,
  };
}
