import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendPromptCounts } from '../../db/schema/safety.ts';
import { type MemberTokens, onboardMember, registerMember } from '../../test/factories.ts';
import { makeSuperAdmin, staffSignIn } from '../../test/staff.ts';
import { call, createTestApp, type TestApp } from '../../test/test-app.ts';

/**
 * The send prompt ("Möchtest du das wirklich so senden?") is decided on the device; the server only counts
 * each choice per day and place, without the member or the text, and the console shows the counts.
 */
let t: TestApp;
let member: MemberTokens;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  member = await onboardMember(t);
  const a = await onboardMember(t);
  await makeSuperAdmin(t, a.id);
  admin = (await staffSignIn(t, a)).token;
});
afterAll(() => t.close());

const count = (body: unknown, token = member.token) =>
  call(t, 'POST', '/api/safety/send-prompts', { token, body });
const today = async () => {
  const stats = await call(t, 'GET', '/api/admin/stats?days=1', { token: admin });
  expect(stats.status).toBe(200);
  return (stats.json as unknown as { days: { prompts_changed: number; prompts_sent: number }[] }).days.at(
    -1,
  )!;
};

describe('send prompt rule: each choice is counted without who or what', () => {
  it('a change and a send-anyway add one each to the day, in the console figures', async () => {
    const before = await today();
    expect((await count({ surface: 'chat', choice: 'change' })).status).toBe(204);
    expect((await count({ surface: 'post', choice: 'change' })).status).toBe(204);
    expect((await count({ surface: 'comment', choice: 'send' })).status).toBe(204);
    const after = await today();
    expect(after.prompts_changed - before.prompts_changed).toBe(2);
    expect(after.prompts_sent - before.prompts_sent).toBe(1);
  });

  it('the stored row holds day, place, choice and a count: no member, no text', async () => {
    const rows = await t.app.ctx.db.select().from(sendPromptCounts);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(['choice', 'count', 'day', 'surface']);
  });

  it.each([
    [{ surface: 'profile', choice: 'change' }],
    [{ surface: 'chat', choice: 'maybe' }],
    [{ surface: 'chat' }],
    [{ surface: 'chat', choice: 'send', message: 'du nervst' }],
    [['change']],
  ])('bad input is a clear 422: %j', async (body) => {
    const res = await count(body);
    expect(res.status).toBe(422);
  });

  it('only signed-in members who finished the questionnaire count', async () => {
    expect(
      (await call(t, 'POST', '/api/safety/send-prompts', { body: { surface: 'chat', choice: 'send' } }))
        .status,
    ).toBe(401);
    const fresh = await registerMember(t);
    expect((await count({ surface: 'chat', choice: 'send' }, fresh.token)).status).toBe(403);
  });
});
