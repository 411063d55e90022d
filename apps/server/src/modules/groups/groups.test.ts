import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { comments, posts } from '../../db/schema/groups.ts';
import { reports } from '../../db/schema/safety.ts';
import {
  type AnswerOverrides,
  type MemberTokens,
  onboardMember,
  registerMember,
  verifyMember,
} from '../../test/factories.ts';
import { call, createTestApp, type Json, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

interface GroupJson {
  id: number;
  slug: string;
  name: string;
  member_count: number;
  joined: boolean;
  notification_level: string | null;
  unread_count: number;
}
interface PostJson {
  id: number;
  title: string;
  message: string;
  html: string;
  state: string;
  collapsed: boolean;
  content_notes: string[];
  comment_count: number;
  unread: boolean;
  mine: boolean;
  can_edit: boolean;
  can_delete: boolean;
  edited_at: string | null;
  author: { id: number; nickname: string } | null;
}
interface CommentJson {
  id: number;
  parent_id: number | null;
  message: string;
  state: string;
  unread: boolean;
  author: { id: number } | null;
  can_edit: boolean;
}

const member = (answers: AnswerOverrides = {}) => onboardMember(t, { languages: ['de'], ...answers });

async function groupsOf(m: MemberTokens, locale?: 'de' | 'en'): Promise<GroupJson[]> {
  const res = await call(t, 'GET', `/api/group${locale ? `?locale=${locale}` : ''}`, { token: m.token });
  expect(res.status).toBe(200);
  return (res.json.categories as Array<{ groups: GroupJson[] }>).flatMap((c) => c.groups);
}
const groupIdOf = async (m: MemberTokens, slug: string) =>
  (await groupsOf(m)).find((g) => g.slug === slug)!.id;

async function joined(m: MemberTokens, groupId: number) {
  const res = await call(t, 'POST', `/api/group/${groupId}/membership`, { token: m.token });
  expect(res.status).toBe(200);
  return res.json as unknown as GroupJson;
}

async function writePost(m: MemberTokens, groupId: number, body: Partial<Json> = {}): Promise<PostJson> {
  const res = await call(t, 'POST', '/api/post', {
    token: m.token,
    body: { group_id: groupId, title: 'Ein Jahr ohne dich', message: 'Heute ist es ein Jahr.', ...body },
  });
  expect(res.status, res.text).toBe(201);
  return res.json as unknown as PostJson;
}

async function writeComment(m: MemberTokens, postId: number, body: Partial<Json> = {}): Promise<CommentJson> {
  const res = await call(t, 'POST', `/api/post/${postId}/comments`, {
    token: m.token,
    body: { comment: 'Ich denke an dich.', ...body },
  });
  expect(res.status, res.text).toBe(201);
  return res.json as unknown as CommentJson;
}

const postIds = async (m: MemberTokens, groupId: number) => {
  const res = await call(t, 'GET', `/api/group/${groupId}/posts`, { token: m.token });
  expect(res.status).toBe(200);
  return (res.json.data as PostJson[]).map((p) => p.id);
};
const commentsOf = async (m: MemberTokens, postId: number) => {
  const res = await call(t, 'GET', `/api/post/${postId}/comments`, { token: m.token });
  expect(res.status, res.text).toBe(200);
  return res.json.data as CommentJson[];
};
const hide = async (a: MemberTokens, b: MemberTokens) =>
  expect((await call(t, 'POST', '/api/block', { token: a.token, body: { userId: b.id } })).status).toBe(201);

/** A fresh group of members in one group (the seeded "Eine Gruppe für alle"). */
async function circle(n: number, slug = 'fuer-alle') {
  const members = [];
  for (let i = 0; i < n; i++) members.push(await member());
  const groupId = await groupIdOf(members[0]!, slug);
  for (const m of members) await joined(m, groupId);
  return { groupId, members };
}

const ago = (hours: number) => new Date(Date.now() - hours * 60 * 60 * 1000);

describe('groups: categories, membership, notification level', () => {
  it('groups rule: seeded categories and groups in German and English, de as the default', async () => {
    const m = await member();
    const res = await call(t, 'GET', '/api/group', { token: m.token });
    const cats = res.json.categories as Array<{ slug: string; name: string; groups: GroupJson[] }>;
    expect(cats.length).toBeGreaterThanOrEqual(3);
    const slugs = cats.flatMap((c) => c.groups.map((g) => g.slug));
    for (const s of [
      'partner',
      'kind',
      'eltern',
      'geschwister',
      'sternenkinder',
      'suizid',
      'ploetzlicher-verlust',
      'trauer-im-alltag',
      'fuer-alle',
    ]) {
      expect(slugs).toContain(s);
    }
    const de = (await groupsOf(m, 'de')).find((g) => g.slug === 'kind')!;
    const en = (await groupsOf(m, 'en')).find((g) => g.slug === 'kind')!;
    expect(de.name).toBe('Verlust eines Kindes');
    expect(en.name).toBe('Loss of a child');
    const byHeader = await call(t, 'GET', '/api/group', { token: m.token, locale: 'en' });
    expect(JSON.stringify(byHeader.json)).toContain('Loss of a child');
    expect(de).toMatchObject({ joined: false, notification_level: null, unread_count: 0 });
  });

  it('groups rule: signed-in, verified, onboarded members only', async () => {
    expect((await call(t, 'GET', '/api/group')).status).toBe(401);
    const fresh = await registerMember(t);
    expect((await call(t, 'GET', '/api/group', { token: fresh.token })).status).toBe(403);
    await verifyMember(t, fresh);
    const res = await call(t, 'GET', '/api/group', { token: fresh.token });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('onboarding_required');
  });

  it('groups rule: join, level, leave; member counts; 404 for unknown ids; 409 for a level without joining', async () => {
    const m = await member();
    const gid = await groupIdOf(m, 'geschwister');
    const before = (await call(t, 'GET', `/api/group/${gid}`, { token: m.token }))
      .json as unknown as GroupJson;
    const j = await joined(m, gid);
    expect(j).toMatchObject({
      joined: true,
      notification_level: 'normal',
      member_count: before.member_count + 1,
    });
    expect((await joined(m, gid)).member_count).toBe(before.member_count + 1); // joining twice is one membership
    const level = await call(t, 'PUT', `/api/group/${gid}/membership`, {
      token: m.token,
      body: { notification_level: 'watching' },
    });
    expect(level.json).toMatchObject({ notification_level: 'watching' });
    expect(
      (
        await call(t, 'PUT', `/api/group/${gid}/membership`, {
          token: m.token,
          body: { notification_level: 'loud' },
        })
      ).status,
    ).toBe(422);
    const detail = await call(t, 'GET', `/api/group/${gid}`, { token: m.token });
    expect(detail.json).toMatchObject({
      joined: true,
      notification_level: 'watching',
      last_visited_at: null,
    });
    expect((await call(t, 'DELETE', `/api/group/${gid}/membership`, { token: m.token })).status).toBe(204);
    const notJoined = await call(t, 'PUT', `/api/group/${gid}/membership`, {
      token: m.token,
      body: { notification_level: 'muted' },
    });
    expect(notJoined.status).toBe(409);
    expect(notJoined.json.code).toBe('group_not_joined');
    for (const path of ['/api/group/999999', '/api/group/999999/membership']) {
      expect(
        (await call(t, path.endsWith('membership') ? 'POST' : 'GET', path, { token: m.token })).status,
      ).toBe(404);
    }
    for (const bad of ['0', 'abc', '1e3', '-1', '99999999999999999999']) {
      const res = await call(t, 'GET', `/api/group/${bad}`, { token: m.token });
      expect(res.status).toBe(422);
      expect(res.json.code).toBe('validation_failed');
    }
  });
});

describe('groups: posts', () => {
  it('groups rule: only members read a group’s posts and write in it', async () => {
    const { groupId, members } = await circle(1);
    const outsider = await member();
    const p = await writePost(members[0]!, groupId);
    const list = await call(t, 'GET', `/api/group/${groupId}/posts`, { token: outsider.token });
    expect(list.status).toBe(403);
    expect(list.json.code).toBe('group_membership_required');
    expect((await call(t, 'GET', `/api/post/${p.id}`, { token: outsider.token })).status).toBe(404);
    expect((await call(t, 'GET', `/api/post/${p.id}/comments`, { token: outsider.token })).status).toBe(404);
    const write = await call(t, 'POST', '/api/post', {
      token: outsider.token,
      body: { group_id: groupId, title: 'x', message: 'y' },
    });
    expect(write.status).toBe(403);
    expect(
      (await call(t, 'POST', `/api/post/${p.id}/comments`, { token: outsider.token, body: { comment: 'x' } }))
        .status,
    ).toBe(404);
    await joined(outsider, groupId);
    expect(await postIds(outsider, groupId)).toContain(p.id);
    expect(
      (
        await call(t, 'POST', '/api/post', {
          token: outsider.token,
          body: { group_id: 999999, title: 'x', message: 'y' },
        })
      ).status,
    ).toBe(404);
  });

  it('groups rule: outside a group, an existing post or comment answers exactly as a missing one, reading and writing', async () => {
    const { groupId, members } = await circle(1);
    const [author] = members as [MemberTokens];
    const p = await writePost(author, groupId, { title: 'Nur für die Gruppe' });
    const c = await writeComment(author, p.id);
    const outsider = await member();
    // The outsider's own post elsewhere, to name the comment as the parent of a reply.
    const elsewhere = await groupIdOf(outsider, 'eltern');
    await joined(outsider, elsewhere);
    const own = await writePost(outsider, elsewhere);
    const missing = 2_000_000_000;
    const NOT_FOUND = {
      de: { message: 'Nicht gefunden.', code: 'not_found' },
      en: { message: 'Not found.', code: 'not_found' },
    };
    const routes: Array<[string, (id: number) => string, Json | undefined]> = [
      ['GET', (id) => `/api/post/${id}`, undefined],
      ['GET', (id) => `/api/post/${id}/comments`, undefined],
      ['POST', (id) => `/api/post/${id}/seen`, undefined],
      ['POST', (id) => `/api/post/${id}/comments`, { comment: 'x' }],
      ['PATCH', (id) => `/api/post/${id}`, { title: 'x' }],
      ['DELETE', (id) => `/api/post/${id}`, undefined],
    ];
    const commentRoutes: typeof routes = [
      ['PATCH', (id) => `/api/comment/${id}`, { comment: 'x' }],
      ['DELETE', (id) => `/api/comment/${id}`, undefined],
      ['POST', () => `/api/post/${own.id}/comments`, { comment: 'x' }],
    ];
    for (const [list, existing] of [
      [routes, p.id],
      [commentRoutes, c.id],
    ] as const) {
      for (const [method, path, body] of list) {
        for (const locale of ['de', 'en'] as const) {
          const answer = async (id: number) => {
            const withParent = path(id).endsWith(`${own.id}/comments`) ? { ...body, parent_id: id } : body;
            const res = await call(t, method, path(id), { token: outsider.token, body: withParent, locale });
            return [res.status, res.text];
          };
          const seen = await answer(existing);
          expect(seen, `${method} ${path(existing)}`).toEqual(await answer(missing));
          expect(seen).toEqual([404, JSON.stringify(NOT_FOUND[locale])]);
        }
      }
    }
    // Nothing the outsider sent reached the post or its comments.
    const kept = await call(t, 'GET', `/api/post/${p.id}`, { token: author.token });
    expect(kept.json).toMatchObject({ title: 'Nur für die Gruppe', state: 'visible', comment_count: 1 });
    expect((await commentsOf(author, p.id)).map((x) => [x.id, x.message])).toEqual([[c.id, c.message]]);
  });

  it('groups rule: a post as written: Markdown rendered safely, mine and editable by its author', async () => {
    const { groupId, members } = await circle(2);
    const [a, b] = members as [MemberTokens, MemberTokens];
    const p = await writePost(a, groupId, {
      title: '  Über Ostern 🕯️  ',
      message:
        'Ein **Tag**.\n\n<script>alert(1)</script> [klick](javascript:alert(1)) [gut](https://example.org)',
      content_notes: ['illness_dying'],
    });
    expect(p.title).toBe('Über Ostern 🕯️');
    expect(p.html).not.toContain('<script>');
    expect(p.html).toContain('&lt;script&gt;');
    expect(p.html).not.toContain('href="javascript:');
    expect(p.html).toContain('<a href="https://example.org" rel="nofollow ugc noopener">gut</a>');
    expect(p.html).toContain('<strong>Tag</strong>');
    expect(p).toMatchObject({
      mine: true,
      can_edit: true,
      can_delete: true,
      state: 'visible',
      author: { id: a.id },
    });
    const seen = (await call(t, 'GET', `/api/post/${p.id}`, { token: b.token })).json as unknown as PostJson;
    expect(seen).toMatchObject({ mine: false, can_edit: false, can_delete: false, collapsed: false });
  });

  it('groups rule: limits — title 150/151, message 10000/10001, comment 3000/3001; NUL, control characters, wrong types 422', async () => {
    const { groupId, members } = await circle(1);
    const [a] = members as [MemberTokens];
    const post = (body: Json) =>
      call(t, 'POST', '/api/post', { token: a.token, body: { group_id: groupId, ...body } });
    expect((await post({ title: 'a'.repeat(150), message: 'm' })).status).toBe(201);
    const longTitle = await post({ title: 'a'.repeat(151), message: 'm' });
    expect(longTitle.status).toBe(422);
    expect(longTitle.json.errors).toHaveProperty('title');
    expect((await post({ title: 't', message: 'ä'.repeat(10_000) })).status).toBe(201);
    expect((await post({ title: 't', message: 'ä'.repeat(10_001) })).status).toBe(422);
    for (const bad of [
      { title: '   ', message: 'm' },
      { title: 't', message: '' },
      { title: 't', message: 'a\u0000b' },
      { title: 't', message: 'a\u0007b' },
      { title: 'zwei\nZeilen', message: 'm' },
      { title: 42, message: 'm' },
      { title: 't', message: ['m'] },
      { title: 't', message: 'm', content_notes: ['unknown'] },
      { title: 't', message: 'm', content_notes: 'suicide' },
      { title: 't', message: 'm', content_notes: ['suicide', 'suicide'] },
      { title: 't', message: 'm', extra: true },
    ]) {
      const res = await post(bad);
      expect(res.status, JSON.stringify(bad)).toBe(422);
      expect(res.json.code).toBe('validation_failed');
    }
    expect(
      (await call(t, 'POST', '/api/post', { token: a.token, body: { title: 't', message: 'm' } })).status,
    ).toBe(422);
    const tabs = await post({ title: 't', message: 'Zeile\n\tEingerückt\r\nWeiter' });
    expect(tabs.status).toBe(201);
    const p = tabs.json as unknown as PostJson;
    expect(
      (
        await call(t, 'POST', `/api/post/${p.id}/comments`, {
          token: a.token,
          body: { comment: 'k'.repeat(3000) },
        })
      ).status,
    ).toBe(201);
    const long = await call(t, 'POST', `/api/post/${p.id}/comments`, {
      token: a.token,
      body: { comment: 'k'.repeat(3001) },
    });
    expect(long.status).toBe(422);
    expect(long.json.errors).toHaveProperty('comment');
    expect(
      (await call(t, 'POST', `/api/post/${p.id}/comments`, { token: a.token, body: { comment: 'a\u0000' } }))
        .status,
    ).toBe(422);
    const huge = await call(t, 'POST', '/api/post', {
      token: a.token,
      body: { group_id: groupId, title: 't', message: 'x'.repeat(200_000) },
    });
    expect(huge.status).toBe(413);
  });

  it('groups rule: the author edits within 24 hours (edited_at set), not after; others never', async () => {
    const { groupId, members } = await circle(2);
    const [a, b] = members as [MemberTokens, MemberTokens];
    const p = await writePost(a, groupId);
    const edit = await call(t, 'PATCH', `/api/post/${p.id}`, {
      token: a.token,
      body: { message: 'Neu *gesagt*' },
    });
    expect(edit.status).toBe(200);
    expect(edit.json).toMatchObject({ message: 'Neu *gesagt*', title: p.title });
    expect(edit.json.edited_at).toEqual(expect.any(String));
    expect(
      (await call(t, 'PATCH', `/api/post/${p.id}`, { token: b.token, body: { title: 'x' } })).status,
    ).toBe(403);
    await t.app.ctx.db
      .update(posts)
      .set({ createdAt: ago(23.9) })
      .where(eq(posts.id, p.id));
    expect(
      (await call(t, 'PATCH', `/api/post/${p.id}`, { token: a.token, body: { title: 'Noch' } })).status,
    ).toBe(200);
    await t.app.ctx.db
      .update(posts)
      .set({ createdAt: ago(24.1) })
      .where(eq(posts.id, p.id));
    const late = await call(t, 'PATCH', `/api/post/${p.id}`, { token: a.token, body: { title: 'Zu spät' } });
    expect(late.status).toBe(409);
    expect(late.json.code).toBe('edit_window_closed');
    expect(
      ((await call(t, 'GET', `/api/post/${p.id}`, { token: a.token })).json as unknown as PostJson).can_edit,
    ).toBe(false);

    const c = await writeComment(a, p.id);
    expect(
      (await call(t, 'PATCH', `/api/comment/${c.id}`, { token: b.token, body: { comment: 'x' } })).status,
    ).toBe(403);
    await t.app.ctx.db
      .update(comments)
      .set({ createdAt: ago(23.9) })
      .where(eq(comments.id, c.id));
    const ok = await call(t, 'PATCH', `/api/comment/${c.id}`, {
      token: a.token,
      body: { comment: 'Anders' },
    });
    expect(ok.json).toMatchObject({ message: 'Anders', edited_at: expect.any(String) });
    await t.app.ctx.db
      .update(comments)
      .set({ createdAt: ago(24.1) })
      .where(eq(comments.id, c.id));
    const closed = await call(t, 'PATCH', `/api/comment/${c.id}`, {
      token: a.token,
      body: { comment: 'Spät' },
    });
    expect(closed.status).toBe(409);
    expect(closed.json.code).toBe('edit_window_closed');
  });

  it('groups rule: deleting a post empties its words in the database, keeps its comments readable and leaves the list', async () => {
    const { groupId, members } = await circle(2);
    const [a, b] = members as [MemberTokens, MemberTokens];
    const p = await writePost(a, groupId, { content_notes: ['abuse'] });
    await writeComment(b, p.id);
    expect((await call(t, 'DELETE', `/api/post/${p.id}`, { token: b.token })).status).toBe(404);
    expect((await call(t, 'DELETE', `/api/post/${p.id}`, { token: a.token })).status).toBe(204);
    const [row] = await t.app.ctx.db.select().from(posts).where(eq(posts.id, p.id));
    expect(row).toMatchObject({ title: '', message: '', contentNotes: [] });
    expect(row!.deletedAt).toBeInstanceOf(Date);
    expect(await postIds(b, groupId)).not.toContain(p.id);
    const got = (await call(t, 'GET', `/api/post/${p.id}`, { token: b.token })).json as unknown as PostJson;
    expect(got).toMatchObject({ state: 'deleted', title: '', message: '', html: '', author: null });
    expect(await commentsOf(b, p.id)).toHaveLength(1);
    expect(
      (await call(t, 'PATCH', `/api/post/${p.id}`, { token: a.token, body: { title: 'x' } })).status,
    ).toBe(409);
    expect((await call(t, 'DELETE', `/api/post/${p.id}`, { token: a.token })).status).toBe(204);
  });

  it('groups rule: a post removed by moderation reads "removed" with no words for others, the author keeps theirs', async () => {
    const { groupId, members } = await circle(2);
    const [a, b] = members as [MemberTokens, MemberTokens];
    const p = await writePost(a, groupId, { title: 'Entfernter Titel', message: 'Entfernter Text' });
    await t.app.ctx.db.update(posts).set({ removedAt: new Date() }).where(eq(posts.id, p.id));
    const other = (await call(t, 'GET', `/api/post/${p.id}`, { token: b.token })).json as unknown as PostJson;
    expect(other).toMatchObject({ state: 'removed', title: '', message: '', html: '' });
    const own = (await call(t, 'GET', `/api/post/${p.id}`, { token: a.token })).json as unknown as PostJson;
    expect(own).toMatchObject({
      state: 'removed',
      title: 'Entfernter Titel',
      message: 'Entfernter Text',
      can_edit: false,
    });
  });

  it('groups rule: newest first, 20 a page, cursor pages; cursor garbage is a 422', async () => {
    const { groupId, members } = await circle(1, 'trauer-im-alltag');
    const [a] = members as [MemberTokens];
    const before = (await call(t, 'GET', `/api/group/${groupId}/posts`, { token: a.token })).json
      .data as PostJson[];
    expect(before).toHaveLength(0);
    const written: number[] = [];
    for (let i = 0; i < 23; i++) written.push((await writePost(a, groupId, { title: `Beitrag ${i}` })).id);
    // Two posts written in the same instant keep a stable order by id.
    await t.app.ctx.db
      .update(posts)
      .set({ createdAt: ago(1) })
      .where(eq(posts.groupId, groupId));
    const first = await call(t, 'GET', `/api/group/${groupId}/posts`, { token: a.token });
    expect((first.json.data as PostJson[]).map((p) => p.id)).toEqual(written.slice(3).reverse());
    const cursor = first.json.next_cursor as string;
    expect(cursor).toEqual(expect.any(String));
    const second = await call(t, 'GET', `/api/group/${groupId}/posts?cursor=${cursor}`, { token: a.token });
    expect((second.json.data as PostJson[]).map((p) => p.id)).toEqual(written.slice(0, 3).reverse());
    expect(second.json.next_cursor).toBeNull();
    for (const bad of [
      '%00',
      'not*base64',
      'a'.repeat(300),
      Buffer.from('1.2.3').toString('base64url'),
      Buffer.from('x').toString('base64url'),
    ]) {
      const res = await call(t, 'GET', `/api/group/${groupId}/posts?cursor=${bad}`, { token: a.token });
      expect(res.status, bad).toBe(422);
    }
    expect((await call(t, 'GET', `/api/post/1/comments?cursor=@@`, { token: a.token })).status).toBe(422);
  });
});

describe('groups: comments', () => {
  it('groups rule: one level of replies; a reply to a reply is a 422, to another post’s comment a 404 as for a missing one', async () => {
    const { groupId, members } = await circle(2);
    const [a, b] = members as [MemberTokens, MemberTokens];
    const p = await writePost(a, groupId);
    const other = await writePost(a, groupId);
    const top = await writeComment(b, p.id);
    const reply = await writeComment(a, p.id, { parent_id: top.id });
    expect(reply.parent_id).toBe(top.id);
    const deeper = await call(t, 'POST', `/api/post/${p.id}/comments`, {
      token: b.token,
      body: { comment: 'x', parent_id: reply.id },
    });
    expect(deeper.status).toBe(422);
    const elsewhere = await call(t, 'POST', `/api/post/${other.id}/comments`, {
      token: b.token,
      body: { comment: 'x', parent_id: top.id },
    });
    expect(elsewhere.status).toBe(404);
    expect(
      (
        await call(t, 'POST', `/api/post/${p.id}/comments`, {
          token: b.token,
          body: { comment: 'x', parent_id: 999999 },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(t, 'POST', '/api/post/999999/comments', { token: b.token, body: { comment: 'x' } })).status,
    ).toBe(404);
    const list = await commentsOf(a, p.id);
    expect(list.map((c) => [c.id, c.parent_id])).toEqual([
      [top.id, null],
      [reply.id, top.id],
    ]);
    expect(
      ((await call(t, 'GET', `/api/post/${p.id}`, { token: a.token })).json as unknown as PostJson)
        .comment_count,
    ).toBe(2);
  });

  it('groups rule: a deleted comment with replies stays as "deleted" (text emptied), without replies it disappears', async () => {
    const { groupId, members } = await circle(2);
    const [a, b] = members as [MemberTokens, MemberTokens];
    const p = await writePost(a, groupId);
    const withReplies = await writeComment(b, p.id, { comment: 'Mit Antwort' });
    await writeComment(a, p.id, { parent_id: withReplies.id, comment: 'Antwort' });
    const alone = await writeComment(b, p.id, { comment: 'Allein' });
    expect((await call(t, 'DELETE', `/api/comment/${withReplies.id}`, { token: a.token })).status).toBe(404);
    expect((await call(t, 'DELETE', `/api/comment/${withReplies.id}`, { token: b.token })).status).toBe(204);
    expect((await call(t, 'DELETE', `/api/comment/${alone.id}`, { token: b.token })).status).toBe(204);
    const list = await commentsOf(a, p.id);
    expect(list.map((c) => c.id)).not.toContain(alone.id);
    const kept = list.find((c) => c.id === withReplies.id)!;
    expect(kept).toMatchObject({ state: 'deleted', message: '', author: null });
    const [row] = await t.app.ctx.db.select().from(comments).where(eq(comments.id, withReplies.id));
    expect(row!.message).toBe('');
    expect(
      ((await call(t, 'GET', `/api/post/${p.id}`, { token: a.token })).json as unknown as PostJson)
        .comment_count,
    ).toBe(1);
    expect(
      (
        await call(t, 'POST', `/api/post/${p.id}/comments`, {
          token: a.token,
          body: { comment: 'x', parent_id: withReplies.id },
        })
      ).status,
    ).toBe(409);
  });
});

describe('groups: hidden list both ways', () => {
  it('groups rule: a hidden member’s posts and comments are invisible, and mine to them (lists, get, comments, replies, counts, unread)', async () => {
    const { groupId, members } = await circle(3);
    const [a, b, c] = members as [MemberTokens, MemberTokens, MemberTokens];
    const pa = await writePost(a, groupId, { title: 'von A' });
    const pb = await writePost(b, groupId, { title: 'von B' });
    const pc = await writePost(c, groupId, { title: 'von C' });
    const ca = await writeComment(a, pc.id, { comment: 'A schreibt' });
    const replyB = await writeComment(b, pc.id, { parent_id: ca.id, comment: 'B antwortet A' });
    const cb = await writeComment(b, pc.id, { comment: 'B schreibt' });
    const replyC = await writeComment(c, pc.id, { parent_id: cb.id, comment: 'C antwortet B' });
    await hide(a, b);
    for (const [viewer, other, otherPost] of [
      [a, b, pb],
      [b, a, pa],
    ] as const) {
      const ids = await postIds(viewer, groupId);
      expect(ids).not.toContain(otherPost.id);
      expect(ids).toContain(pc.id);
      expect((await call(t, 'GET', `/api/post/${otherPost.id}`, { token: viewer.token })).status).toBe(404);
      expect(
        (await call(t, 'GET', `/api/post/${otherPost.id}/comments`, { token: viewer.token })).status,
      ).toBe(404);
      expect(
        (
          await call(t, 'POST', `/api/post/${otherPost.id}/comments`, {
            token: viewer.token,
            body: { comment: 'x' },
          })
        ).status,
      ).toBe(404);
      const thread = await commentsOf(viewer, pc.id);
      // Their comments are gone, and so are the replies under them (whoever wrote those).
      expect(thread.every((x) => x.author?.id !== other.id)).toBe(true);
      void other;
    }
    expect((await commentsOf(a, pc.id)).map((x) => x.id)).toEqual([ca.id]);
    expect((await commentsOf(b, pc.id)).map((x) => x.id)).toEqual([cb.id, replyC.id]);
    expect((await commentsOf(c, pc.id)).map((x) => x.id)).toEqual([ca.id, replyB.id, cb.id, replyC.id]);
    expect(
      ((await call(t, 'GET', `/api/post/${pc.id}`, { token: a.token })).json as unknown as PostJson)
        .comment_count,
    ).toBe(1);
    expect(
      ((await call(t, 'GET', `/api/post/${pc.id}`, { token: c.token })).json as unknown as PostJson)
        .comment_count,
    ).toBe(4);
    // Replying to or editing through a hidden member's comment: not found.
    expect(
      (
        await call(t, 'POST', `/api/post/${pc.id}/comments`, {
          token: a.token,
          body: { comment: 'x', parent_id: cb.id },
        })
      ).status,
    ).toBe(404);
    expect(
      (await call(t, 'PATCH', `/api/comment/${cb.id}`, { token: a.token, body: { comment: 'x' } })).status,
    ).toBe(404);
  });

  it('groups rule: unread counts and markers: posts new since my last visit, not mine, not hidden', async () => {
    const { groupId, members } = await circle(3, 'partner');
    const [a, b, c] = members as [MemberTokens, MemberTokens, MemberTokens];
    // Everything before joining is not "new"; after, until the member visits.
    const written = [await writePost(b, groupId), await writePost(c, groupId), await writePost(a, groupId)];
    const ids = written.map((p) => p.id);
    const unread = async () =>
      (await call(t, 'GET', `/api/group/${groupId}`, { token: a.token })).json.unread_count;
    expect(await unread()).toBe(2);
    const page = (await call(t, 'GET', `/api/group/${groupId}/posts`, { token: a.token })).json
      .data as PostJson[];
    expect(page.filter((p) => ids.includes(p.id)).map((p) => p.unread)).toEqual([false, true, true]);
    await hide(a, b);
    expect(await unread()).toBe(1);
    expect((await call(t, 'POST', `/api/group/${groupId}/seen`, { token: a.token })).status).toBe(204);
    expect(await unread()).toBe(0);
    expect((await call(t, 'GET', `/api/group/${groupId}`, { token: a.token })).json.last_visited_at).toEqual(
      expect.any(String),
    );
    const later = await writePost(c, groupId);
    expect(await unread()).toBe(1);
    expect((await groupsOf(a)).find((g) => g.id === groupId)!.unread_count).toBe(1);
    // Comments: new since my last visit of the post.
    const cm = await writeComment(c, later.id);
    expect((await commentsOf(a, later.id))[0]!.unread).toBe(true);
    expect((await call(t, 'POST', `/api/post/${later.id}/seen`, { token: a.token })).status).toBe(204);
    expect((await commentsOf(a, later.id))[0]!.unread).toBe(false);
    expect((await commentsOf(c, later.id)).find((x) => x.id === cm.id)!.unread).toBe(false);
    const outsider = await member();
    expect((await call(t, 'POST', `/api/group/${groupId}/seen`, { token: outsider.token })).status).toBe(403);
    expect((await call(t, 'POST', `/api/post/${later.id}/seen`, { token: outsider.token })).status).toBe(404);
  });
});

describe('groups: content notes', () => {
  it('groups rule: suicide and self-harm collapse by default; the reader chooses; never one’s own post', async () => {
    const { groupId, members } = await circle(2);
    const [a, b] = members as [MemberTokens, MemberTokens];
    expect((await call(t, 'GET', '/api/user/content-notes', { token: b.token })).json).toEqual({
      collapsed: ['suicide', 'self_harm'],
    });
    const p = await writePost(a, groupId, { content_notes: ['suicide'] });
    const q = await writePost(a, groupId, { content_notes: ['addiction'] });
    expect(p.collapsed).toBe(false); // the author's own
    const view = async (id: number) =>
      ((await call(t, 'GET', `/api/post/${id}`, { token: b.token })).json as unknown as PostJson).collapsed;
    expect(await view(p.id)).toBe(true);
    expect(await view(q.id)).toBe(false);
    const put = await call(t, 'PUT', '/api/user/content-notes', {
      token: b.token,
      body: { collapsed: ['addiction'] },
    });
    expect(put.json).toEqual({ collapsed: ['addiction'] });
    expect(await view(p.id)).toBe(false);
    expect(await view(q.id)).toBe(true);
    expect(
      (await call(t, 'PUT', '/api/user/content-notes', { token: b.token, body: { collapsed: [] } })).json,
    ).toEqual({ collapsed: [] });
    expect(await view(q.id)).toBe(false);
    for (const bad of [
      { collapsed: ['nope'] },
      { collapsed: 'suicide' },
      {},
      { collapsed: ['abuse', 'abuse'] },
    ]) {
      expect((await call(t, 'PUT', '/api/user/content-notes', { token: b.token, body: bad })).status).toBe(
        422,
      );
    }
  });
});

describe('groups: reports', () => {
  it('groups rule: a post or comment report is stored with a snapshot of the words, answered alike for what I cannot see', async () => {
    const { groupId, members } = await circle(2);
    const [a, b] = members as [MemberTokens, MemberTokens];
    const p = await writePost(a, groupId, { title: 'Gemeldet', message: 'Der Text, wie er war' });
    const c = await writeComment(a, p.id, { comment: 'Kommentar, wie er war' });
    const rp = await call(t, 'POST', `/api/post/${p.id}/report`, {
      token: b.token,
      body: { reason: 'harassment' },
    });
    expect(rp.status).toBe(201);
    expect(rp.json).toEqual({ id: expect.any(Number), status: 'open' });
    const rc = await call(t, 'POST', `/api/comment/${c.id}/report`, {
      token: b.token,
      body: { reason: 'other', details: 'Bitte prüfen' },
    });
    expect(rc.status).toBe(201);
    await call(t, 'PATCH', `/api/post/${p.id}`, { token: a.token, body: { message: 'Geändert' } });
    const [postReport] = await t.app.ctx.db
      .select()
      .from(reports)
      .where(eq(reports.id, rp.json.id as number));
    expect(postReport).toMatchObject({
      targetType: 'post',
      targetId: p.id,
      reason: 'harassment',
      reporterId: b.id,
    });
    expect(postReport!.snapshot).toMatchObject({
      title: 'Gemeldet',
      message: 'Der Text, wie er war',
      author_id: a.id,
    });
    const [commentReport] = await t.app.ctx.db
      .select()
      .from(reports)
      .where(eq(reports.id, rc.json.id as number));
    expect(commentReport!.snapshot).toMatchObject({ message: 'Kommentar, wie er war', author_id: a.id });
    expect(commentReport!.details).toBe('Bitte prüfen');
    const unknown = await call(t, 'POST', '/api/post/999999/report', {
      token: b.token,
      body: { reason: 'spam' },
    });
    expect(unknown.status).toBe(201);
    expect(Object.keys(unknown.json)).toEqual(['id', 'status']);
    for (const bad of [
      { reason: 'boring' },
      {},
      { reason: 'spam', details: 'x'.repeat(2001) },
      { reason: 'spam', details: 'a\u0000' },
    ]) {
      expect((await call(t, 'POST', `/api/post/${p.id}/report`, { token: b.token, body: bad })).status).toBe(
        422,
      );
    }
  });
});

describe('groups: dashboard feeds', () => {
  it('groups rule: replies to my posts and comments, my partners’ posts, posts about a loss like mine; hidden list and content notes honoured', async () => {
    const lossAnswers = { loss_kind: ['sibling'], languages: ['en'], region: ['de_bremen'] };
    const me = await member(lossAnswers);
    const partner = await member(lossAnswers);
    const stranger = await member(lossAnswers);
    const sibling = await groupIdOf(me, 'geschwister');
    const everyone = await groupIdOf(me, 'fuer-alle');
    for (const m of [me, partner, stranger]) {
      await joined(m, sibling);
      await joined(m, everyone);
    }
    await call(t, 'POST', `/api/user/friend/request/send/${partner.id}`, { token: me.token, body: {} });
    const accepted = await call(t, 'POST', `/api/user/friend/request/accept/${me.id}`, {
      token: partner.token,
      body: {},
    });
    expect(accepted.status).toBeLessThan(300);

    const mine = await writePost(me, everyone, { title: 'Meine Frage' });
    const partnerPost = await writePost(partner, everyone, { title: 'Vom Partner' });
    const lossPost = await writePost(stranger, sibling, {
      title: 'Über meinen Bruder',
      content_notes: ['suicide'],
    });
    const reply = await writeComment(stranger, mine.id, { comment: 'Eine Antwort auf deine Frage' });
    const myComment = await writeComment(me, partnerPost.id, { comment: 'Ich' });
    const replyToMe = await writeComment(partner, partnerPost.id, {
      parent_id: myComment.id,
      comment: 'Danke dir',
    });
    await writeComment(me, mine.id, { comment: 'Meine eigene' }); // my own words are not "replies"

    const feeds = await call(t, 'GET', '/api/dashboard/feeds', { token: me.token });
    expect(feeds.status).toBe(200);
    const f = feeds.json as Record<
      string,
      Array<{
        post: { id: number; collapsed: boolean; title: string; author: { id: number } | null };
        comment: { id: number; excerpt?: string; author: { id: number } | null } | null;
      }>
    >;
    expect(f.replies!.map((i) => i.comment!.id)).toEqual([replyToMe.id, reply.id]);
    expect(f.replies![1]!.comment!.excerpt).toBe('Eine Antwort auf deine Frage');
    expect(f.replies![1]!.post.id).toBe(mine.id);
    expect(f.partner_posts!.map((i) => i.post.id)).toEqual([partnerPost.id]);
    expect(f.partner_posts![0]!.comment).toBeNull();
    expect(f.loss_posts!.map((i) => i.post.id)).toEqual([lossPost.id]);
    expect(f.loss_posts![0]!.post.collapsed).toBe(true);

    // A reply on a collapsed post carries no excerpt.
    await writePost(me, sibling, { title: 'Meins mit Hinweis', content_notes: ['suicide'] });
    const onCollapsed = await writeComment(me, lossPost.id, { comment: 'Ich auch' });
    await writeComment(stranger, lossPost.id, { parent_id: onCollapsed.id, comment: 'Geheim' });
    const r2 = (await call(t, 'GET', '/api/dashboard/feeds/replies', { token: me.token })).json
      .data as typeof f.replies;
    expect(r2![0]!.post.collapsed).toBe(true);
    expect(r2![0]!.comment).not.toHaveProperty('excerpt');

    // At most three on the dashboard; "more" pages through the rest.
    for (let i = 0; i < 3; i++) await writeComment(partner, mine.id, { comment: `Noch eine ${i}` });
    const again = (await call(t, 'GET', '/api/dashboard/feeds', { token: me.token })).json as typeof f;
    expect(again.replies).toHaveLength(3);
    const more = await call(t, 'GET', '/api/dashboard/feeds/replies', { token: me.token });
    expect((more.json.data as unknown[]).length).toBe(6);

    // Hidden either way: the stranger's words leave every feed.
    await hide(stranger, me);
    const hidden = (await call(t, 'GET', '/api/dashboard/feeds', { token: me.token })).json as typeof f;
    expect(hidden.loss_posts).toEqual([]);
    const authors = (items: typeof f.replies) =>
      items!.flatMap((i) => [i.post.author?.id, i.comment?.author?.id]);
    expect(authors(hidden.replies)).not.toContain(stranger.id);
    expect(authors(more.json.data as typeof f.replies)).toContain(stranger.id);
    expect(hidden.replies!.every((i) => i.comment!.id !== reply.id)).toBe(true);
    expect((await call(t, 'GET', '/api/dashboard/feeds/nope', { token: me.token })).status).toBe(422);
    expect((await call(t, 'GET', '/api/dashboard/feeds/replies?cursor=zz', { token: me.token })).status).toBe(
      422,
    );
  });

  it('groups rule: feed pages follow the cursor without gaps or repeats', async () => {
    const { groupId, members } = await circle(2);
    const [a, b] = members as [MemberTokens, MemberTokens];
    const p = await writePost(a, groupId);
    const written: number[] = [];
    for (let i = 0; i < 25; i++) written.push((await writeComment(b, p.id, { comment: `c${i}` })).id);
    const first = await call(t, 'GET', '/api/dashboard/feeds/replies', { token: a.token });
    const second = await call(t, 'GET', `/api/dashboard/feeds/replies?cursor=${first.json.next_cursor}`, {
      token: a.token,
    });
    const ids = [
      ...(first.json.data as Array<{ comment: { id: number } }>),
      ...(second.json.data as Array<{ comment: { id: number } }>),
    ].map((i) => i.comment.id);
    expect(ids).toEqual([...written].reverse());
    expect(second.json.next_cursor).toBeNull();
  });
});

describe('groups: life cycle', () => {
  it('groups rule: erasing a member removes their words (rows stay as deleted, no author), memberships and report snapshots', async () => {
    const { groupId, members } = await circle(2);
    const [a, b] = members as [MemberTokens, MemberTokens];
    const p = await writePost(a, groupId, { title: 'Bald weg', message: 'Meine Worte' });
    const ca = await writeComment(a, p.id, { comment: 'Meine Antwort' });
    const cb = await writeComment(b, p.id, { parent_id: ca.id, comment: 'Bleibt' });
    const report = await call(t, 'POST', `/api/comment/${ca.id}/report`, {
      token: b.token,
      body: { reason: 'spam' },
    });
    const exported = (await import('../../lifecycle/member-data-table.ts')).exportMember;
    const data = (await exported(t.app.ctx, a.id)) as unknown as {
      groups: { posts: Array<{ title: string }>; comments: unknown[]; memberships: unknown[] };
    };
    expect(data.groups.posts.map((x) => x.title)).toEqual(['Bald weg']);
    expect(data.groups.comments).toHaveLength(1);
    expect(data.groups.memberships).toHaveLength(1);
    await (await import('../../lifecycle/member-data-table.ts')).eraseMember(t.app.ctx, a.id);
    const [postRow] = await t.app.ctx.db.select().from(posts).where(eq(posts.id, p.id));
    expect(postRow).toMatchObject({ authorId: null, title: '', message: '' });
    const list = await commentsOf(b, p.id);
    expect(list.map((c) => [c.id, c.state, c.message])).toEqual([
      [ca.id, 'deleted', ''],
      [cb.id, 'visible', 'Bleibt'],
    ]);
    const [r] = await t.app.ctx.db
      .select()
      .from(reports)
      .where(eq(reports.id, report.json.id as number));
    expect(r!.snapshot).toMatchObject({ message: '', author_id: null });
  });
});

describe('groups: rate limits', () => {
  it('groups rule: posts and comments per member are limited (the last allowed one passes, the next is 429)', async () => {
    const strict = await createTestApp({
      rateLimits: {
        ...t.config.rateLimits,
        groupPost: { max: 2, timeWindow: 60_000 },
        groupComment: { max: 3, timeWindow: 60_000 },
      },
    });
    try {
      const m = await onboardMember(strict);
      const other = await onboardMember(strict);
      const groups = await call(strict, 'GET', '/api/group', { token: m.token });
      const groupId = (groups.json.categories as Array<{ groups: GroupJson[] }>)[0]!.groups[0]!.id;
      await call(strict, 'POST', `/api/group/${groupId}/membership`, { token: m.token });
      await call(strict, 'POST', `/api/group/${groupId}/membership`, { token: other.token });
      const post = (token: string) =>
        call(strict, 'POST', '/api/post', { token, body: { group_id: groupId, title: 't', message: 'm' } });
      const first = await post(m.token);
      expect(first.status).toBe(201);
      expect((await post(m.token)).status).toBe(201);
      const limited = await post(m.token);
      expect(limited.status).toBe(429);
      expect(limited.json.code).toBe('rate_limited');
      expect((await post(other.token)).status).toBe(201); // per member, not per group
      const comment = () =>
        call(strict, 'POST', `/api/post/${first.json.id}/comments`, {
          token: m.token,
          body: { comment: 'c' },
        });
      for (let i = 0; i < 3; i++) expect((await comment()).status).toBe(201);
      expect((await comment()).status).toBe(429);
    } finally {
      await strict.close();
    }
  });
});
