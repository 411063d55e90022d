import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema/users.ts';
import { type MemberTokens, onboardMember } from '../test/factories.ts';
import { call, createTestApp, type TestApp } from '../test/test-app.ts';

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
