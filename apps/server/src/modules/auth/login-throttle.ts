import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';

/**
 * Failed logins per account, beside the per-address limit. After `max` failures in `timeWindow` the
 * account is slowed, never locked: one attempt every `intervalMs` goes through (a correct password
 * then works), the others get 429 with Retry-After. Counted per normalised address whether or not an
 * account exists, so the throttle tells nothing about who is registered. Every attempt counts as a
 * failure until it succeeds (no race lets parallel guesses slip past the count); a success clears it.
 */
export interface LoginThrottle {
  /** Throws 429 (rate_limited, Retry-After) while the account is slowed; otherwise counts the attempt. */
  attempt(email: string): Promise<void>;
  succeeded(email: string): Promise<void>;
}

type Rule = Config['loginThrottle'];
/** Milliseconds to wait, or 0 when the attempt may go ahead (and has been counted). */
type Take = (key: string, now: number) => Promise<number>;

interface State {
  failures: number;
  windowEnd: number;
  nextAt: number;
}

/** One step of the rule, shared by both stores (the Redis script below does the same). */
function step(state: State | undefined, now: number, rule: Rule): { wait: number; state: State } {
  let s =
    state && state.windowEnd > now
      ? { ...state }
      : { failures: 0, windowEnd: now + rule.timeWindow, nextAt: 0 };
  if (s.failures >= rule.max) {
    if (now < s.nextAt) return { wait: s.nextAt - now, state: s };
    // Slowed for as long as failures keep coming; a quiet window or a success ends it.
    s = { ...s, nextAt: now + rule.intervalMs, windowEnd: now + rule.timeWindow };
  }
  return { wait: 0, state: { ...s, failures: s.failures + 1 } };
}

/** Exported for its tests (the sweep keeps memory bounded); the app uses it through createLoginThrottle. */
export function inProcessStore(rule: Rule) {
  const states = new Map<string, State>();
  let lastSweep = 0;
  const take: Take = async (key, now) => {
    if (now - lastSweep > 60_000) {
      lastSweep = now;
      for (const [k, s] of states) if (s.windowEnd <= now && s.nextAt <= now) states.delete(k);
    }
    const { wait, state } = step(states.get(key), now, rule);
    states.set(key, state);
    return wait;
  };
  return { take, clear: async (key: string) => void states.delete(key), size: () => states.size };
}

const takeScript = `
local now, window, max, interval = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3]), tonumber(ARGV[4])
local s = redis.call('HMGET', KEYS[1], 'failures', 'windowEnd', 'nextAt')
local failures, windowEnd, nextAt = tonumber(s[1]) or 0, tonumber(s[2]) or 0, tonumber(s[3]) or 0
if windowEnd <= now then failures, windowEnd, nextAt = 0, now + window, 0 end
if failures >= max then
  if now < nextAt then return nextAt - now end
  nextAt, windowEnd = now + interval, now + window
end
redis.call('HSET', KEYS[1], 'failures', failures + 1, 'windowEnd', windowEnd, 'nextAt', nextAt)
redis.call('PEXPIRE', KEYS[1], math.max(windowEnd, nextAt) - now)
return 0`;

function redisStore(redis: Redis, rule: Rule) {
  const take: Take = async (key, now) =>
    Number(await redis.eval(takeScript, 1, key, now, rule.timeWindow, rule.max, rule.intervalMs));
  return { take, clear: async (key: string) => void (await redis.del(key)) };
}

export function createLoginThrottle(config: Config, redis: Redis | null): LoginThrottle {
  const rule = config.loginThrottle;
  const store = redis ? redisStore(redis, rule) : inProcessStore(rule);
  // Hashed: the store never holds e-mail addresses in clear.
  const keyOf = (email: string) =>
    `${config.redisPrefix}:login-failures:${createHash('sha256').update(email.trim().toLowerCase()).digest('base64url')}`;
  return {
    async attempt(email) {
      const wait = await store.take(keyOf(email), Date.now());
      if (wait > 0)
        throw new AppError('rate_limited', undefined, { 'retry-after': String(Math.ceil(wait / 1000)) });
    },
    succeeded: (email) => store.clear(keyOf(email)),
  };
}
