import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/users.ts';
import { type MemberTokens, onboardMember } from '../test/factories.ts';
import { call, createTestApp, type TestApp } from '../test/test-app.ts';
import { isPremium, openRequestLimit, showsSupporterBadge } from './premium.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const DAY = 86_400_000;
const premiumAs = async (m: MemberTokens, set: Partial<typeof users.$inferInsert>) => {
  if (Object.keys(set).length) await t.app.ctx.db.update(users).set(set).where(eq(users.id, m.id));
  const user = (await call(t, 'GET', '/api/profile/init', { token: m.token })).json;
  const suggestions = (await call(t, 'GET', '/api/user/matching/suggestions', { token: m.token })).json;
  return { is_premium: user.is_premium, limit: suggestions.limit };
};

describe('SPEC §6 premium: one rule for the User and the suggestion limit', () => {
  it('a super admin counts as premium', async () => {
    expect(await premiumAs(await onboardMember(t), { isSuperAdmin: true })).toEqual({
      is_premium: true,
      limit: 10,
    });
  });

  it('a plan with no end or an end in the future is premium; one that ended is not', async () => {
    expect(await premiumAs(await onboardMember(t), { isPremium: true })).toEqual({
      is_premium: true,
      limit: 10,
    });
    const until = new Date(Date.now() + DAY);
    expect(await premiumAs(await onboardMember(t), { isPremium: true, premiumUntil: until })).toEqual({
      is_premium: true,
      limit: 10,
    });
    const ended = new Date(Date.now() - DAY);
    expect(await premiumAs(await onboardMember(t), { isPremium: true, premiumUntil: ended })).toEqual({
      is_premium: false,
      limit: 3,
    });
  });

  it('everyone else has the free limit', async () => {
    expect(await premiumAs(await onboardMember(t), {})).toEqual({ is_premium: false, limit: 3 });
  });
});

describe("SPEC §6 premium: both sides of the plan's end, the request limit and the supporter badge", () => {
  const now = new Date('2026-03-01T12:00:00Z');
  const at = (ms: number) => new Date(now.getTime() + ms);
  const free = { isPremium: false, premiumUntil: null, isSuperAdmin: false };
  const plan = (premiumUntil: Date | null) => ({ isPremium: true, premiumUntil, isSuperAdmin: false });

  it('premium rule: a plan is premium up to the millisecond before its end, not at its end', () => {
    expect([at(1), at(0), at(-1)].map((until) => isPremium(plan(until), now))).toEqual([true, false, false]);
    expect(isPremium(plan(null), now)).toBe(true);
    expect(isPremium(free, now)).toBe(false);
    // A super admin is premium without a plan, also with a plan that ended.
    expect(isPremium({ ...free, isSuperAdmin: true }, now)).toBe(true);
    expect(isPremium({ ...plan(at(-1)), isSuperAdmin: true }, now)).toBe(true);
  });

  it('premium rule: the open friend requests limit is the premium one exactly while premium', () => {
    const limits = { free: 3, premium: 10 };
    expect(
      [free, plan(at(1)), plan(at(0)), { ...free, isSuperAdmin: true }].map((m) =>
        openRequestLimit(m, limits, now),
      ),
    ).toEqual([3, 10, 3, 10]);
  });

  it('premium rule: partners see the supporter badge only of a premium member who shows it', () => {
    expect(
      [
        { ...plan(null), showSupporterBadge: true },
        { ...plan(null), showSupporterBadge: false },
        { ...free, showSupporterBadge: true },
        { ...free, showSupporterBadge: false },
        { ...plan(at(0)), showSupporterBadge: true },
      ].map((m) => showsSupporterBadge(m, now)),
    ).toEqual([true, false, false, false, false]);
  });
});
