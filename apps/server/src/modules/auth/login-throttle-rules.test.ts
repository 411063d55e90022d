import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/app-error.ts';
import { createLoginThrottle, inProcessStore } from './login-throttle.ts';

/**
 * The per-account login throttle on its own (the HTTP answers are in login-throttle.test.ts): the exact
 * edges of its window and interval, the in-process store's sweep, and what the Redis store is asked.
 */

const rule = { max: 10, timeWindow: 15 * 60_000, intervalMs: 30_000 };
const config = { redisPrefix: 'trostnetz-test', loginThrottle: rule } as unknown as Config;
const T0 = Date.UTC(2026, 0, 5, 12, 0, 0);

afterEach(() => {
  vi.useRealTimers();
});

/** The attempt's answer: 'ok', or the Retry-After seconds of its 429. */
async function attempt(throttle: ReturnType<typeof createLoginThrottle>, email: string, at: number) {
  vi.setSystemTime(at);
  try {
    await throttle.attempt(email);
    return 'ok';
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'rate_limited') throw err;
    return `429 after ${err.headers?.['retry-after']} s`;
  }
}
const times = async (
  throttle: ReturnType<typeof createLoginThrottle>,
  email: string,
  at: number,
  n: number,
) => {
  const answers = [];
  for (let i = 0; i < n; i++) answers.push(await attempt(throttle, email, at));
  return answers;
};
const okTimes = (n: number) => Array<string>(n).fill('ok');

describe('login throttle rule: the edges of the window and of the interval', () => {
  it('throttle rule: once slowed, one attempt goes through exactly when the 30 s interval ends, and the next at that same moment waits the full 30 s again', async () => {
    const throttle = createLoginThrottle(config, null);
    expect(await times(throttle, 'anna@example.org', T0, 11)).toEqual(okTimes(11));
    expect(await attempt(throttle, 'anna@example.org', T0)).toBe('429 after 30 s');
    expect(await attempt(throttle, 'anna@example.org', T0 + 29_999)).toBe('429 after 1 s');
    expect(await attempt(throttle, 'anna@example.org', T0 + 30_000)).toBe('ok');
    expect(await attempt(throttle, 'anna@example.org', T0 + 30_000)).toBe('429 after 30 s');
  });

  it('throttle rule: failures count for 15 minutes: 1 ms before the window ends they still hold, at its end the count starts over', async () => {
    const throttle = createLoginThrottle(config, null);
    const end = T0 + rule.timeWindow;
    await times(throttle, 'still@example.org', T0, 10);
    await times(throttle, 'over@example.org', T0, 10);
    // Another address half a minute before: the store's once-a-minute sweep runs then, not at the edge.
    expect(await attempt(throttle, 'other@example.org', end - 30_000)).toBe('ok');
    // 1 ms before the end: the 11th goes through and slows the account.
    expect(await times(throttle, 'still@example.org', end - 1, 2)).toEqual(['ok', '429 after 30 s']);
    // At the end: 10 failures again before the 11th slows it.
    expect(await times(throttle, 'over@example.org', end, 12)).toEqual([...okTimes(11), '429 after 30 s']);
  });

  it('throttle rule: the once-a-minute sweep never drops a count still within its window', async () => {
    const throttle = createLoginThrottle(config, null);
    await times(throttle, 'anna@example.org', T0, 10);
    // 61 s later the sweep runs (more than a minute since the first); the 10 failures still count.
    expect(await times(throttle, 'anna@example.org', T0 + 61_000, 2)).toEqual(['ok', '429 after 30 s']);
  });
});

describe('login throttle rule: the in-process store keeps memory bounded', () => {
  const small = { max: 1, timeWindow: 10_000, intervalMs: 5_000 };

  it('throttle memory rule: at most once a minute (more than 60 s after the last), entries whose window has ended are dropped, live ones kept', async () => {
    const store = inProcessStore(small);
    expect(await store.take('a', T0)).toBe(0); // the first take sweeps (nothing yet)
    expect(store.size()).toBe(1);
    // a's window ended at T0 + 10 s; exactly 60 s after the last sweep there is none yet.
    await store.take('b', T0 + 60_000);
    expect(store.size()).toBe(2);
    // 60.001 s after it the sweep runs: a goes, b (window until T0 + 70 s) stays, c is new.
    await store.take('c', T0 + 60_001);
    expect(store.size()).toBe(2);
    // 50 s later no sweep: d is new (its window ends at T0 + 120.002 s).
    await store.take('d', T0 + 110_002);
    expect(store.size()).toBe(3);
    // The next sweep, exactly at the end of d's window: b, c and d are dropped, e is new.
    await store.take('e', T0 + 120_002);
    expect(store.size()).toBe(1);
  });

  it('throttle memory rule: an entry is dropped only once both its window and its interval have passed', async () => {
    // An interval longer than the window: the slowed entry outlives its window until the interval ends.
    const store = inProcessStore({ max: 1, timeWindow: 10_000, intervalMs: 100_000 });
    await store.take('slowed', T0);
    await store.take('slowed', T0); // second failure: slowed until T0 + 100 s, window until T0 + 10 s
    await store.take('x', T0 + 60_001); // sweep: window over, interval not
    expect(store.size()).toBe(2);
    await store.take('y', T0 + 100_000); // 39.999 s after the last sweep: none
    expect(store.size()).toBe(3);
    await store.take('z', T0 + 120_002); // sweep: both over for 'slowed' (and x, y: windows over)
    expect(store.size()).toBe(1);
    await store.clear('z');
    expect(store.size()).toBe(0);
  });

  it('throttle memory rule: at exactly the end of both window and interval the entry is dropped', async () => {
    const store = inProcessStore({ max: 1, timeWindow: 10_000, intervalMs: 100_000 });
    await store.take('first', T0 - 1); // sweeps now; the next sweep is due after T0 + 59.999 s
    await store.take('slowed', T0 + 20_000);
    await store.take('slowed', T0 + 20_000); // slowed until T0 + 120 s, window until T0 + 30 s
    await store.take('x', T0 + 120_000); // sweep at exactly the end of slowed's interval
    expect(store.size()).toBe(1);
  });
});

describe('login throttle rule: the Redis store', () => {
  const fakeRedis = (wait: number) => {
    const calls = { eval: [] as unknown[][], del: [] as string[] };
    const redis = {
      eval: async (...args: unknown[]) => {
        calls.eval.push(args);
        return wait;
      },
      del: async (key: string) => {
        calls.del.push(key);
        return 1;
      },
    } as unknown as Redis;
    return { redis, calls };
  };
  const keyOf = (normalised: string) =>
    `trostnetz-test:login-failures:${createHash('sha256').update(normalised).digest('base64url')}`;

  it('throttle rule: the count is kept per address hashed (never in clear), trimmed and in lower case, with the rule as arguments of one script', async () => {
    const { redis, calls } = fakeRedis(0);
    const throttle = createLoginThrottle(config, redis);
    expect(await attempt(throttle, '  Anna.Berger@Example.ORG ', T0)).toBe('ok');
    const [script, keys, key, now, window, max, interval] = calls.eval[0]!;
    expect([keys, key, now, window, max, interval]).toEqual([
      1,
      keyOf('anna.berger@example.org'),
      T0,
      rule.timeWindow,
      rule.max,
      rule.intervalMs,
    ]);
    // The same step as the in-process store, done atomically in Redis.
    expect(script).toContain("redis.call('HMGET', KEYS[1], 'failures', 'windowEnd', 'nextAt')");
    expect(script).toContain("redis.call('HSET', KEYS[1], 'failures', failures + 1");
    expect(script).toContain("redis.call('PEXPIRE', KEYS[1], math.max(windowEnd, nextAt) - now)");
  });

  it('throttle rule: a wait answered by Redis is a 429 with Retry-After in whole seconds, rounded up; a success clears the key', async () => {
    const { redis, calls } = fakeRedis(1_500);
    const throttle = createLoginThrottle(config, redis);
    expect(await attempt(throttle, 'anna@example.org', T0)).toBe('429 after 2 s');
    await throttle.succeeded(' ANNA@example.org');
    expect(calls.del).toEqual([keyOf('anna@example.org')]);
  });
});
