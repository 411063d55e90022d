import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMMON_ANSWERS } from '../modules/matching/demo-answers.ts';
import { FREE_SUGGESTIONS } from '../modules/matching/matching.service.ts';
import { onboardMember } from '../test/factories.ts';
import { call, createTestApp, type TestApp } from '../test/test-app.ts';
import { type DemoSeedResult, seedDemo } from './demo-community.ts';

/**
 * `npm run seed:demo` makes a living community: members who answered the questionnaire (every other one
 * the common answers), groups with members, posts and comments. Seeded here into a fresh test database,
 * then seen as a new member sees it, through the API.
 */

let t: TestApp;
let seeded: DemoSeedResult;
beforeAll(async () => {
  t = await createTestApp();
  seeded = await seedDemo(t.app.ctx.database, { members: 6 });
});
afterAll(() => t.close());

interface Group {
  id: number;
  slug: string;
  member_count: number;
}

describe('seed:demo makes a living community', () => {
  it('a new member who gives the questionnaire’s common answers is suggested demo members at once: a full set of free suggestions', async () => {
    expect(seeded.created).toBe(6);
    const newcomer = await onboardMember(t, { ...COMMON_ANSWERS, gender: ['female'], region: ['de_berlin'] });
    const res = await call(t, 'GET', '/api/user/matching/suggestions', { token: newcomer.token });
    expect(res.status).toBe(200);
    const suggestions = res.json.suggestions as Array<{ nickname: string; reason: unknown[] }>;
    expect(suggestions).toHaveLength(FREE_SUGGESTIONS);
    for (const s of suggestions) {
      expect(s.nickname).toMatch(/^\p{L}+ \d+$/u);
      expect(s.reason.length).toBeGreaterThan(0);
    }
  });

  it('a group shows members, posts and comments with a reply, written by demo members', async () => {
    const newcomer = await onboardMember(t, { ...COMMON_ANSWERS });
    const list = await call(t, 'GET', '/api/group', { token: newcomer.token });
    expect(list.status).toBe(200);
    const all = (list.json.categories as Array<{ groups: Group[] }>).flatMap((c) => c.groups);
    // The group about the common loss has members already.
    const parents = all.find((g) => g.slug === 'eltern');
    expect(parents?.member_count).toBeGreaterThanOrEqual(3);
    expect(all.filter((g) => g.member_count > 0).length).toBeGreaterThan(1);

    expect(
      (await call(t, 'POST', `/api/group/${parents!.id}/membership`, { token: newcomer.token })).status,
    ).toBe(200);
    const page = await call(t, 'GET', `/api/group/${parents!.id}/posts`, { token: newcomer.token });
    expect(page.status).toBe(200);
    const posts = page.json.data as Array<{
      id: number;
      title: string;
      comment_count: number;
      author: unknown;
    }>;
    expect(posts.length).toBeGreaterThan(0);
    const post = posts.find((p) => p.comment_count > 0);
    expect(post?.author).toMatchObject({ nickname: expect.any(String) });
    const thread = await call(t, 'GET', `/api/post/${post!.id}/comments`, { token: newcomer.token });
    const items = thread.json.data as Array<{
      parent_id: number | null;
      author: { nickname: string } | null;
    }>;
    expect(items.length).toBeGreaterThanOrEqual(2);
    expect(items.every((c) => c.author?.nickname)).toBe(true);
    expect(items.some((c) => c.parent_id !== null)).toBe(true);
    expect(seeded).toMatchObject({ posts: expect.any(Number), comments: expect.any(Number) });
    expect(seeded.posts).toBeGreaterThan(0);
  });

  it('a second run adds nobody and nothing twice', async () => {
    const again = await seedDemo(t.app.ctx.database, { members: 6 });
    expect(again).toEqual({ created: 0, groups: 0, posts: 0, comments: 0 });
  });
});
