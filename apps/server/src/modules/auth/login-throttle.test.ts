import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { registerMember, strongPassword } from '../../test/factories.ts';
import { call, createTestApp, type TestApp } from '../../test/test-app.ts';

// Behind a trusted proxy, each attempt from another address; on the PostgreSQL run the counts live in Redis.
const redis: Record<string, string> =
  process.env.TEST_DB === 'postgres' && process.env.TEST_REDIS_URL
    ? { REDIS_URL: process.env.TEST_REDIS_URL, REDIS_PREFIX: `test-throttle-${process.pid}-${Date.now()}` }
    : {};
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({}, { TRUST_PROXY: 'true', ...redis });
});
afterAll(() => t.close());
afterEach(() => {
  vi.useRealTimers();
});

let address = 0;
const login = (username: string, password: string) =>
  call(t, 'POST', '/api/auth/tokens', {
    body: { username, password },
    headers: { 'x-forwarded-for': `198.51.100.${(address++ % 250) + 1}` },
  });
const answer = (r: Awaited<ReturnType<typeof login>>) => ({
  status: r.status,
  body: r.json,
  retryAfter: r.headers['retry-after'],
});
const wrongTimes = async (username: string, n: number) => {
  const answers = [];
  for (let i = 0; i < n; i++) answers.push(answer(await login(username, 'falsch geraten 123')));
  return answers;
};
const at = (ms: number) => vi.setSystemTime(ms);

describe('issue 9 item 8: per-account login throttling (slowed, never locked)', () => {
  it('issue 9 item 8: 10 failures from 10 addresses are answered 401; then one attempt per 30 s, the others 429 with Retry-After', async () => {
    const m = await registerMember(t);
    const start = Date.now();
    at(start);
    const first = await wrongTimes(m.email, 10);
    expect(first.map((a) => a.status)).toEqual(Array(10).fill(401));
    expect(first[9]!.body.code).toBe('invalid_credentials');
    // The 11th goes through (and fails), the 12th must wait the full interval.
    expect((await login(m.email, 'falsch geraten 123')).status).toBe(401);
    const slowed = await login(m.email, strongPassword);
    expect(slowed.status).toBe(429);
    expect(slowed.json.code).toBe('rate_limited');
    expect(slowed.headers['retry-after']).toBe('30');
    at(start + 29_000);
    const stillSlowed = await login(m.email, strongPassword);
    expect(stillSlowed.status).toBe(429);
    expect(stillSlowed.headers['retry-after']).toBe('1');
    // Slowed, not locked: once the interval has passed the right password works.
    at(start + 30_000);
    expect((await login(m.email, strongPassword)).status).toBe(200);
  });

  it('issue 9 item 8: other accounts on the same addresses are not slowed', async () => {
    const victim = await registerMember(t);
    const other = await registerMember(t);
    await wrongTimes(victim.email, 12);
    address = 0;
    expect((await login(other.email, strongPassword)).status).toBe(200);
    expect((await login(victim.email, strongPassword)).status).toBe(429);
  });

  it('issue 9 item 8: a correct password within the allowance works and resets the count', async () => {
    const m = await registerMember(t);
    await wrongTimes(m.email, 9);
    expect((await login(m.email, strongPassword)).status).toBe(200);
    // Counting starts again from zero: 10 more failures before the account is slowed.
    expect((await wrongTimes(m.email, 10)).map((a) => a.status)).toEqual(Array(10).fill(401));
    expect((await login(m.email, strongPassword)).status).toBe(200);
    expect((await wrongTimes(m.email, 11)).map((a) => a.status)).toEqual([...Array(10).fill(401), 401]);
    expect((await login(m.email, strongPassword)).status).toBe(429);
  });

  it('issue 9 item 8: the count lasts 15 minutes; after a quiet window an account starts over', async () => {
    const m = await registerMember(t);
    const start = Date.now();
    at(start);
    await wrongTimes(m.email, 10);
    at(start + 15 * 60_000);
    expect((await wrongTimes(m.email, 10)).map((a) => a.status)).toEqual(Array(10).fill(401));
    expect((await login(m.email, 'falsch geraten 123')).status).toBe(401);
    expect((await login(m.email, strongPassword)).status).toBe(429);
  });

  it('issue 9 item 8: an unknown address gets exactly the answers a known one gets, any case and blanks alike', async () => {
    const known = await registerMember(t);
    const start = Date.now();
    at(start);
    const unknown = `niemand-${start}@example.org`;
    const forKnown = await wrongTimes(known.email, 12);
    const forUnknown = await wrongTimes(` ${unknown.toUpperCase()} `, 12);
    expect(forUnknown).toEqual(forKnown);
    expect(forKnown.map((a) => a.status)).toEqual([...Array(11).fill(401), 429]);
    expect((await login(unknown, 'falsch geraten 123')).status).toBe(429);
  });
});
