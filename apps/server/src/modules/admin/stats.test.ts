import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users.ts';
import {
  answerAll,
  type MemberTokens,
  onboardMember,
  registerMember,
  verifyMember,
} from '../../test/factories.ts';
import { acrossMigration } from '../../test/migrations.ts';
import { makeSuperAdmin, staffSignIn } from '../../test/staff.ts';
import { call, createTestApp, type Json, type TestApp } from '../../test/test-app.ts';

/**
 * Issue 16 dashboard: "onboarded per day" counts the members who first finished the questionnaire on each
 * day (Berlin), from `onboarded_at`, not the day they registered; answering again later counts nothing.
 */

const berlinDay = (d: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', dateStyle: 'short' }).format(d);
/** Noon (Berlin, summer or winter) of the day `back` days before today in Berlin. */
function noonDaysAgo(back: number): Date {
  const [y, m, d] = berlinDay(new Date()).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - back, 10, 30));
}

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  const a = await onboardMember(t);
  await makeSuperAdmin(t, a.id);
  admin = (await staffSignIn(t, a)).token;
});
afterAll(() => t.close());

const shift = (m: MemberTokens, values: Partial<typeof users.$inferInsert>) =>
  t.app.ctx.db.update(users).set(values).where(eq(users.id, m.id));

describe('issue 16 dashboard: onboarded per day, exactly', () => {
  it('each member on the Berlin day they first finished: not their registration day, not again when answering again; unfinished ones not at all', async () => {
    // Registered three days ago, finished today: today.
    const lateFinisher = await onboardMember(t);
    await shift(lateFinisher, { createdAt: noonDaysAgo(3) });
    // Registered five days ago, finished yesterday.
    const yesterday = await onboardMember(t);
    await shift(yesterday, { createdAt: noonDaysAgo(5), onboardedAt: noonDaysAgo(1) });
    // First finished two days ago; answers again today: still two days ago.
    const again = await onboardMember(t);
    await shift(again, { onboardedAt: noonDaysAgo(2) });
    expect((await call(t, 'POST', '/api/user/matching/reset', { token: again.token })).status).toBe(200);
    await answerAll(t, again);
    const [row] = await t.app.ctx.db.select().from(users).where(eq(users.id, again.id));
    expect(row!.onboardedAt).toEqual(noonDaysAgo(2));
    // Registered and verified, questionnaire not finished: never.
    const unfinished = await registerMember(t);
    await verifyMember(t, unfinished);

    const res = await call(t, 'GET', '/api/admin/stats?days=7', { token: admin });
    expect(res.status, res.text).toBe(200);
    const days = res.json.days as Json[];
    const expected: Record<string, number> = {
      [berlinDay(noonDaysAgo(0))]: 2, // the admin and the late finisher
      [berlinDay(noonDaysAgo(1))]: 1,
      [berlinDay(noonDaysAgo(2))]: 1,
    };
    expect(days.map((d) => [d.day, d.onboarded])).toEqual(
      [6, 5, 4, 3, 2, 1, 0].map((back) => {
        const day = berlinDay(noonDaysAgo(back));
        return [day, expected[day] ?? 0];
      }),
    );
  });
});

describe('the onboarded_at migration: members onboarded before it get their onboarding time back-filled', () => {
  it('the time their last answer was saved; without answers their creation time; unfinished members none', async () => {
    const rows = await acrossMigration<{ email: string; onboarded_at: Date | null }>(
      (tag) => tag.endsWith('_onboarded_at'),
      `
      insert into questionnaire_questions (key, version, position, step, kind, required, title)
        values ('role', 1, 1, 1, 'single', true, '{"de":"Rolle","en":"Role"}');
      insert into users (email, password_hash, nickname, matching_step, created_at) values
        ('answered@example.org', 'x', 'Beantwortet', -1, '2026-01-05T10:00:00Z'),
        ('admin@example.org', 'x', 'Admin', -1, '2026-02-01T08:00:00Z'),
        ('halfway@example.org', 'x', 'Halb', 3, '2026-03-01T08:00:00Z');
      insert into questionnaire_answers (user_id, question_key, option_keys, updated_at)
        select id, 'role', '{seeker}', '2026-01-07T18:30:00Z' from users where email = 'answered@example.org';
      insert into questionnaire_answers (user_id, question_key, option_keys, updated_at)
        select id, 'role', '{seeker}', '2026-03-02T09:00:00Z' from users where email = 'halfway@example.org';`,
      'select email, onboarded_at from users order by id',
    );
    expect(rows.map((r) => [r.email, r.onboarded_at?.toISOString() ?? null])).toEqual([
      ['answered@example.org', '2026-01-07T18:30:00.000Z'],
      ['admin@example.org', '2026-02-01T08:00:00.000Z'],
      ['halfway@example.org', null],
    ]);
  });
});
