import { EDIT_WINDOW_MS } from '@trostnetz/contracts/groups';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { comments, posts } from '../../db/schema/groups.ts';
import { users } from '../../db/schema/users.ts';
import { type MemberTokens, onboardMember, strongPassword } from '../../test/factories.ts';
import { call, createTestApp, type Json, type TestApp } from '../../test/test-app.ts';
import { seedCategories } from './groups.seed.ts';

/**
 * The exact answers of the groups API: every field of a presented group, post, comment, feed item and
 * notification, as the author, another member, after moderation, after deletion; and the edges of the
 * rules behind them (page sizes, cursors, the edit window, who is told of what).
 */

let t: TestApp;
let forAll: number;
let nick = 0;
beforeAll(async () => {
  t = await createTestApp();
  const first = await member();
  forAll = await groupIdOf(first, 'fuer-alle');
});
afterAll(() => t.close());

const db = () => t.app.ctx.db;
const AVATAR = '/api/avatars/0123456789abcdef0123456789abcdef/0123456789abcdef/large';
const INVALID = { message: 'Bitte überprüfe deine Angaben.', code: 'validation_failed' };
const CONFLICT = { message: 'Das ist gerade nicht möglich.', code: 'conflict' };

interface Member extends MemberTokens {
  nickname: string;
}
async function member(answers: Record<string, string[]> = {}): Promise<Member> {
  nick += 1;
  const nickname = `Antwort ${nick}`;
  const m = await onboardMember(t, { languages: ['de'], ...answers }, { nickname });
  return { ...m, nickname };
}
const authorOf = (m: Member, avatar: string | null = null) => ({ id: m.id, nickname: m.nickname, avatar });

async function groupIdOf(m: MemberTokens, slug: string) {
  const res = await call(t, 'GET', '/api/group', { token: m.token });
  const all = (res.json.categories as Array<{ groups: Array<{ id: number; slug: string }> }>).flatMap(
    (c) => c.groups,
  );
  return all.find((g) => g.slug === slug)!.id;
}
async function join(groupId: number, ...members: MemberTokens[]) {
  for (const m of members) {
    expect((await call(t, 'POST', `/api/group/${groupId}/membership`, { token: m.token })).status).toBe(200);
  }
}
async function writePost(m: MemberTokens, body: Json = {}, groupId = forAll) {
  const res = await call(t, 'POST', '/api/post', {
    token: m.token,
    body: { group_id: groupId, title: 'Ein Jahr', message: 'Heute ist es ein Jahr.', ...body },
  });
  expect(res.status, res.text).toBe(201);
  return res.json as Json & { id: number };
}
async function writeComment(m: MemberTokens, postId: number, body: Json = {}) {
  const res = await call(t, 'POST', `/api/post/${postId}/comments`, {
    token: m.token,
    body: { comment: 'Ich denke an dich.', ...body },
  });
  expect(res.status, res.text).toBe(201);
  return res.json as Json & { id: number };
}
async function getPost(m: MemberTokens, postId: number) {
  const res = await call(t, 'GET', `/api/post/${postId}`, { token: m.token });
  expect(res.status, res.text).toBe(200);
  return res.json;
}
async function commentsOf(m: MemberTokens, postId: number, cursor?: string) {
  const res = await call(t, 'GET', `/api/post/${postId}/comments${cursor ? `?cursor=${cursor}` : ''}`, {
    token: m.token,
  });
  expect(res.status, res.text).toBe(200);
  return res.json as { data: Json[]; next_cursor: string | null };
}
async function feed(m: MemberTokens, name: string, cursor?: string) {
  const res = await call(t, 'GET', `/api/dashboard/feeds/${name}${cursor ? `?cursor=${cursor}` : ''}`, {
    token: m.token,
  });
  expect(res.status, res.text).toBe(200);
  return res.json as { data: Json[]; next_cursor: string | null };
}
/** The member's group notifications (kind, who, how often, where to), newest first. */
async function groupNotices(m: MemberTokens) {
  const res = await call(t, 'GET', '/api/notifications', { token: m.token });
  expect(res.status, res.text).toBe(200);
  return (res.json.data as Array<Json & { kind: string }>)
    .filter((n) => n.kind === 'reply' || n.kind === 'group_post')
    .map(({ kind, actor, count, url, post_id, read }) => ({ kind, actor, count, url, post_id, read }));
}
const postRow = async (id: number) => (await db().select().from(posts).where(eq(posts.id, id)))[0]!;
const commentRow = async (id: number) => (await db().select().from(comments).where(eq(comments.id, id)))[0]!;
const iso = (d: Date | null) => d?.toISOString() ?? null;
const cursorOf = (micros: string | number, id: number) =>
  Buffer.from(`${micros}.${id}`).toString('base64url');

describe('groups answers: categories', () => {
  it('groups rule: each category lists exactly its own groups, in seed order, in the chosen locale', async () => {
    const m = await member();
    const res = await call(t, 'GET', '/api/group?locale=en', { token: m.token });
    expect(res.status).toBe(200);
    const cats = res.json.categories as Array<Json & { id: number; groups: Array<Json & { slug: string }> }>;
    expect(
      cats.map((c) => ({
        slug: c.slug,
        name: c.name,
        description: c.description,
        groups: c.groups.map((g) => g.slug),
      })),
    ).toEqual(
      seedCategories.map((c) => ({
        slug: c.slug,
        name: c.name.en,
        description: c.description.en,
        groups: c.groups.map((g) => g.slug),
      })),
    );
    for (const c of cats) for (const g of c.groups) expect(g.category_id).toBe(c.id);
    const together = cats[2]!;
    expect(together.groups[1]).toEqual({
      id: forAll,
      slug: 'fuer-alle',
      name: 'A group for everyone',
      description: 'For everything that fits nowhere else. Everyone is welcome here.',
      category_id: together.id,
      member_count: 0,
      joined: false,
      notification_level: null,
      unread_count: 0,
    });
  });
});

describe('groups answers: posts', () => {
  it('groups rule: a post as its author writes it, as another member reads it (collapsed by any one note), and read after a visit', async () => {
    const a = await member();
    const b = await member();
    await join(forAll, a, b);
    await db().update(users).set({ avatar: AVATAR }).where(eq(users.id, a.id));
    const written = await writePost(a, {
      title: 'Ein Jahr ohne dich',
      message: 'Ein **Tag**\n\n[Link](https://example.org)',
      content_notes: ['addiction', 'suicide'],
    });
    const row = await postRow(written.id);
    const asWritten = {
      id: written.id,
      group_id: forAll,
      author: authorOf(a, AVATAR),
      title: 'Ein Jahr ohne dich',
      message: 'Ein **Tag**\n\n[Link](https://example.org)',
      html: '<p>Ein <strong>Tag</strong></p>\n<p><a href="https://example.org" rel="nofollow ugc noopener">Link</a></p>\n',
      content_notes: ['addiction', 'suicide'],
      collapsed: false,
      state: 'visible',
      notice_id: null,
      comment_count: 0,
      unread: false,
      created_at: row.createdAt.toISOString(),
      edited_at: null,
      mine: true,
      can_edit: true,
      can_delete: true,
    };
    expect(written).toEqual(asWritten);
    // b keeps suicide collapsed (the default): one of the post's notes is enough.
    const asRead = {
      ...asWritten,
      collapsed: true,
      unread: true,
      mine: false,
      can_edit: false,
      can_delete: false,
    };
    expect(await getPost(b, written.id)).toEqual(asRead);
    const list = await call(t, 'GET', `/api/group/${forAll}/posts`, { token: b.token });
    expect((list.json.data as Json[]).find((p) => p.id === written.id)).toEqual(asRead);
    expect((await call(t, 'POST', `/api/group/${forAll}/seen`, { token: b.token })).status).toBe(204);
    expect(await getPost(b, written.id)).toEqual({ ...asRead, unread: false });
  });

  it('groups rule: PATCH changes only the fields the body names; an empty body changes nothing and sets no edited_at', async () => {
    const a = await member();
    await join(forAll, a);
    const written = await writePost(a, { title: 'Vorher', message: 'Text vorher', content_notes: ['abuse'] });
    const patch = (body: Json) => call(t, 'PATCH', `/api/post/${written.id}`, { token: a.token, body });
    const empty = await patch({});
    expect(empty.status).toBe(200);
    expect(empty.json).toEqual(written);
    expect((await postRow(written.id)).editedAt).toBeNull();

    const title = await patch({ title: 'Nachher' });
    const edited = iso((await postRow(written.id)).editedAt);
    expect(edited).toEqual(expect.any(String));
    expect(title.json).toEqual({ ...written, title: 'Nachher', edited_at: edited });

    const notes = await patch({ content_notes: ['addiction'] });
    expect(notes.json).toEqual({
      ...written,
      title: 'Nachher',
      content_notes: ['addiction'],
      edited_at: iso((await postRow(written.id)).editedAt),
    });

    const message = await patch({ message: 'Text *nachher*' });
    const after = {
      ...written,
      title: 'Nachher',
      message: 'Text *nachher*',
      html: '<p>Text <em>nachher</em></p>\n',
      content_notes: ['addiction'],
      edited_at: iso((await postRow(written.id)).editedAt),
    };
    expect(message.json).toEqual(after);
    expect(await getPost(a, written.id)).toEqual(after);
  });

  it('groups rule: a removed post keeps its words and notice for its author only; deleted afterwards it has neither, and no comment may be added to either', async () => {
    const a = await member();
    const b = await member();
    await join(forAll, a, b);
    const written = await writePost(a, {
      title: 'Entfernt',
      message: 'Entfernter *Text*',
      content_notes: ['suicide'],
    });
    await db()
      .update(posts)
      .set({ removedAt: new Date(), removedDecisionId: 4711 })
      .where(eq(posts.id, written.id));
    const removedForAuthor = {
      ...written,
      state: 'removed',
      notice_id: 4711,
      can_edit: false,
      can_delete: true,
    };
    expect(await getPost(a, written.id)).toEqual(removedForAuthor);
    expect(await getPost(b, written.id)).toEqual({
      ...written,
      title: '',
      message: '',
      html: '',
      content_notes: [],
      collapsed: false,
      state: 'removed',
      notice_id: null,
      unread: true,
      mine: false,
      can_edit: false,
      can_delete: false,
    });
    const onRemoved = await call(t, 'POST', `/api/post/${written.id}/comments`, {
      token: b.token,
      body: { comment: 'x' },
    });
    expect([onRemoved.status, onRemoved.json]).toEqual([409, CONFLICT]);

    expect((await call(t, 'DELETE', `/api/post/${written.id}`, { token: a.token })).status).toBe(204);
    expect(await getPost(a, written.id)).toEqual({
      ...written,
      author: null,
      title: '',
      message: '',
      html: '',
      content_notes: [],
      state: 'deleted',
      notice_id: null,
      can_edit: false,
      can_delete: false,
    });

    const plain = await writePost(a);
    expect((await call(t, 'DELETE', `/api/post/${plain.id}`, { token: a.token })).status).toBe(204);
    const onDeleted = await call(t, 'POST', `/api/post/${plain.id}/comments`, {
      token: b.token,
      body: { comment: 'x' },
    });
    expect([onDeleted.status, onDeleted.json]).toEqual([409, CONFLICT]);
  });

  it('groups rule: deleting a post or comment twice is one deletion, announced live once', async () => {
    const a = await member();
    await join(forAll, a);
    const written = await writePost(a);
    const c = await writeComment(a, written.id);
    const live = vi.spyOn(t.app.ctx.broadcaster, 'toReaders');
    try {
      for (let i = 0; i < 2; i++) {
        expect((await call(t, 'DELETE', `/api/post/${written.id}`, { token: a.token })).status).toBe(204);
        expect((await call(t, 'DELETE', `/api/comment/${c.id}`, { token: a.token })).status).toBe(204);
      }
      expect(
        live.mock.calls.map(([kind, id, readers, event, payload]) => [
          kind,
          id,
          readers.includes(a.id),
          event,
          payload,
        ]),
      ).toEqual([
        ['group', forAll, true, 'PostUpdated', { id: written.id }],
        ['post', written.id, true, 'CommentUpdated', { id: c.id, post_id: written.id }],
      ]);
    } finally {
      live.mockRestore();
    }
  });

  it('groups rule: the edit window closes at exactly 24 hours; a millisecond before, the author may still edit', async () => {
    const a = await member();
    await join(forAll, a);
    const written = await writePost(a);
    const c = await writeComment(a, written.id);
    const now = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now });
    try {
      const age = async (ms: number) => {
        await db()
          .update(posts)
          .set({ createdAt: new Date(now - ms) })
          .where(eq(posts.id, written.id));
        await db()
          .update(comments)
          .set({ createdAt: new Date(now - ms) })
          .where(eq(comments.id, c.id));
      };
      await age(EDIT_WINDOW_MS);
      expect((await getPost(a, written.id)).can_edit).toBe(false);
      expect((await commentsOf(a, written.id)).data[0]!.can_edit).toBe(false);
      const closedPost = await call(t, 'PATCH', `/api/post/${written.id}`, {
        token: a.token,
        body: { title: 'Zu spät' },
      });
      expect([closedPost.status, closedPost.json.code]).toEqual([409, 'edit_window_closed']);
      const closedComment = await call(t, 'PATCH', `/api/comment/${c.id}`, {
        token: a.token,
        body: { comment: 'Zu spät' },
      });
      expect([closedComment.status, closedComment.json.code]).toEqual([409, 'edit_window_closed']);

      await age(EDIT_WINDOW_MS - 1);
      expect((await getPost(a, written.id)).can_edit).toBe(true);
      expect((await commentsOf(a, written.id)).data[0]!.can_edit).toBe(true);
      const openPost = await call(t, 'PATCH', `/api/post/${written.id}`, {
        token: a.token,
        body: { title: 'Gerade noch' },
      });
      expect([openPost.status, openPost.json.title]).toEqual([200, 'Gerade noch']);
      const openComment = await call(t, 'PATCH', `/api/comment/${c.id}`, {
        token: a.token,
        body: { comment: 'Gerade noch' },
      });
      expect([openComment.status, openComment.json.message]).toEqual([200, 'Gerade noch']);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('groups answers: comments', () => {
  it('groups rule: a comment as its author and as another member; removed keeps words and notice for its author; deleted with a reply shows nothing; neither may be edited', async () => {
    const a = await member();
    const b = await member();
    await join(forAll, a, b);
    await db().update(users).set({ avatar: AVATAR }).where(eq(users.id, a.id));
    const p = await writePost(b);
    const visible = await writeComment(a, p.id, {
      comment: 'Danke [dir](https://example.org)\n\n# Kein Titel',
    });
    const removed = await writeComment(a, p.id, { comment: 'Entfernt *hier*' });
    const removedThenDeleted = await writeComment(a, p.id, { comment: 'Erst entfernt, dann gelöscht' });
    const reply = await writeComment(b, p.id, { parent_id: removedThenDeleted.id, comment: 'Antwort' });
    const deleted = await writeComment(a, p.id, { comment: 'Gelöscht' });
    await writeComment(b, p.id, { parent_id: deleted.id, comment: 'Noch eine Antwort' });
    await db()
      .update(comments)
      .set({ removedAt: new Date(), removedDecisionId: 4712 })
      .where(eq(comments.id, removed.id));
    await db()
      .update(comments)
      .set({ removedAt: new Date(), removedDecisionId: 4713 })
      .where(eq(comments.id, removedThenDeleted.id));
    for (const id of [removedThenDeleted.id, deleted.id]) {
      expect((await call(t, 'DELETE', `/api/comment/${id}`, { token: a.token })).status).toBe(204);
    }
    const created = async (id: number) => (await commentRow(id)).createdAt.toISOString();
    const base = (c: { id: number }, parent: number | null = null) => ({
      id: c.id,
      post_id: p.id,
      parent_id: parent,
      edited_at: null,
      unread: false,
    });

    const visibleForAuthor = {
      ...base(visible),
      author: authorOf(a, AVATAR),
      message: 'Danke [dir](https://example.org)\n\n# Kein Titel',
      html: '<p>Danke <a href="https://example.org" rel="nofollow ugc noopener">dir</a></p>\n<p># Kein Titel</p>\n',
      state: 'visible',
      notice_id: null,
      created_at: await created(visible.id),
      mine: true,
      can_edit: true,
      can_delete: true,
    };
    expect(visible).toEqual(visibleForAuthor);
    const removedForAuthor = {
      ...base(removed),
      author: authorOf(a, AVATAR),
      message: 'Entfernt *hier*',
      html: '<p>Entfernt <em>hier</em></p>\n',
      state: 'removed',
      notice_id: 4712,
      created_at: await created(removed.id),
      mine: true,
      can_edit: false,
      can_delete: true,
    };
    const deletedForAuthor = (c: { id: number }) => ({
      ...base(c),
      author: null,
      message: '',
      html: '',
      state: 'deleted',
      notice_id: null,
      mine: true,
      can_edit: false,
      can_delete: false,
    });
    const replyRow = await commentRow(reply.id);
    const forAuthor = await commentsOf(a, p.id);
    expect(forAuthor.next_cursor).toBeNull();
    expect(forAuthor.data.slice(0, 4)).toEqual([
      visibleForAuthor,
      removedForAuthor,
      { ...deletedForAuthor(removedThenDeleted), created_at: await created(removedThenDeleted.id) },
      {
        ...base(reply, removedThenDeleted.id),
        author: authorOf(b),
        message: 'Antwort',
        html: '<p>Antwort</p>\n',
        state: 'visible',
        notice_id: null,
        created_at: replyRow.createdAt.toISOString(),
        unread: true,
        mine: false,
        can_edit: false,
        can_delete: false,
      },
    ]);
    expect(forAuthor.data[4]).toEqual({
      ...deletedForAuthor(deleted),
      created_at: await created(deleted.id),
    });

    const forOther = await commentsOf(b, p.id);
    const others = { mine: false, can_edit: false, can_delete: false, unread: true };
    expect(forOther.data.slice(0, 3)).toEqual([
      { ...visibleForAuthor, ...others },
      { ...removedForAuthor, ...others, message: '', html: '', notice_id: null },
      {
        ...deletedForAuthor(removedThenDeleted),
        ...others,
        created_at: await created(removedThenDeleted.id),
      },
    ]);

    for (const id of [removed.id, deleted.id]) {
      const res = await call(t, 'PATCH', `/api/comment/${id}`, { token: a.token, body: { comment: 'Neu' } });
      expect([res.status, res.json]).toEqual([409, CONFLICT]);
    }
    const deeper = await call(t, 'POST', `/api/post/${p.id}/comments`, {
      token: a.token,
      body: { comment: 'x', parent_id: reply.id },
    });
    expect([deeper.status, deeper.json]).toEqual([
      422,
      { ...INVALID, errors: { parent_id: ['Diese Angabe ist ungültig.'] } },
    ]);
  });

  it('groups rule: comments come 200 a page, oldest first, by id within one instant; exactly 200 is one page, 201 is two', async () => {
    const a = await member();
    const b = await member();
    await join(forAll, a, b);
    const p = await writePost(a);
    const at = new Date(Date.now() - 60_000);
    const insert = async (n: number) =>
      (
        await db()
          .insert(comments)
          .values(
            Array.from({ length: n }, (_, i) => ({
              postId: p.id,
              authorId: b.id,
              message: `k${i}`,
              createdAt: at,
            })),
          )
          .returning({ id: comments.id })
      ).map((r) => r.id);
    const first200 = (await insert(200)).sort((x, y) => x - y);
    const one = await commentsOf(a, p.id);
    expect(one.data.map((c) => c.id)).toEqual(first200);
    expect(one.next_cursor).toBeNull();

    const [last] = await insert(1);
    const page1 = await commentsOf(a, p.id);
    expect(page1.data.map((c) => c.id)).toEqual(first200);
    expect(page1.next_cursor).toEqual(expect.any(String));
    const page2 = await commentsOf(a, p.id, page1.next_cursor!);
    expect(page2.data.map((c) => c.id)).toEqual([last]);
    expect(page2.next_cursor).toBeNull();
  });

  it('groups rule: a cursor id beyond the safe integers is a 422 naming the cursor; the largest safe one is a page', async () => {
    const a = await member();
    await join(forAll, a);
    const p = await writePost(a);
    const unsafe = await call(
      t,
      'GET',
      `/api/post/${p.id}/comments?cursor=${cursorOf(1, 9007199254740992)}`,
      {
        token: a.token,
      },
    );
    expect([unsafe.status, unsafe.json]).toEqual([
      422,
      { ...INVALID, errors: { cursor: ['Diese Angabe ist ungültig.'] } },
    ]);
    const safe = await call(t, 'GET', `/api/post/${p.id}/comments?cursor=${cursorOf(1, 9007199254740991)}`, {
      token: a.token,
    });
    expect([safe.status, safe.json]).toEqual([200, { data: [], next_cursor: null }]);
  });
});

describe('groups answers: who is told', () => {
  it('groups rule: a new post tells the members watching its group, not its author, not normal or muted members', async () => {
    const a = await member();
    const watching = await member();
    const normal = await member();
    const muted = await member();
    const groupId = await groupIdOf(a, 'sternenkinder');
    await join(groupId, a, watching, normal, muted);
    for (const [m, level] of [
      [a, 'watching'],
      [watching, 'watching'],
      [muted, 'muted'],
    ] as const) {
      const res = await call(t, 'PUT', `/api/group/${groupId}/membership`, {
        token: m.token,
        body: { notification_level: level },
      });
      expect(res.status).toBe(200);
    }
    const p = await writePost(a, {}, groupId);
    expect(await groupNotices(watching)).toEqual([
      {
        kind: 'group_post',
        actor: { id: a.id, nickname: a.nickname },
        count: 1,
        url: `/groups/${groupId}/posts/${p.id}`,
        post_id: p.id,
        read: false,
      },
    ]);
    for (const m of [a, normal, muted]) expect(await groupNotices(m)).toEqual([]);
  });

  it('groups rule: a comment tells the post’s author and a reply the parent comment’s author, each once, never the writer', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    await join(forAll, a, b, c);
    const p = await writePost(a);
    const notice = (actor: Member, count: number) => ({
      kind: 'reply',
      actor: { id: actor.id, nickname: actor.nickname },
      count,
      url: `/groups/${forAll}/posts/${p.id}`,
      post_id: p.id,
      read: false,
    });
    const own = await writeComment(a, p.id);
    expect(await groupNotices(a)).toEqual([]);
    const cb = await writeComment(b, p.id);
    expect(await groupNotices(a)).toEqual([notice(b, 1)]);
    expect(await groupNotices(b)).toEqual([]);
    await writeComment(c, p.id, { parent_id: cb.id });
    expect(await groupNotices(b)).toEqual([notice(c, 1)]);
    expect(await groupNotices(a)).toEqual([notice(c, 2)]);
    await writeComment(b, p.id, { parent_id: cb.id });
    expect(await groupNotices(b)).toEqual([notice(c, 1)]);
    expect(await groupNotices(a)).toEqual([notice(b, 3)]);
    await writeComment(a, p.id, { parent_id: cb.id });
    expect(await groupNotices(b)).toEqual([notice(a, 2)]);
    expect(await groupNotices(a)).toEqual([notice(b, 3)]);
    // The author of the post and of the parent comment is told once.
    await writeComment(c, p.id, { parent_id: own.id });
    expect(await groupNotices(a)).toEqual([notice(c, 4)]);
    expect(await groupNotices(c)).toEqual([]);
  });
});

describe('groups answers: gone authors', () => {
  it('groups rule: an author who asked for deletion reads as author null on posts, comments and feed items; their words stay', async () => {
    const a = await member();
    const b = await member();
    const gone = await member();
    await join(forAll, a, b, gone);
    const mine = await writePost(a, { title: 'Von A' });
    const theirs = await writePost(gone, { title: 'Von bald weg' });
    const reply = await writeComment(gone, mine.id, { comment: 'Eine Antwort' });
    const deletion = await call(t, 'POST', '/api/user/delete', {
      token: gone.token,
      body: { password: strongPassword },
    });
    expect(deletion.status).toBe(200);
    expect(await getPost(b, theirs.id)).toEqual({
      ...theirs,
      author: null,
      unread: true,
      mine: false,
      can_edit: false,
      can_delete: false,
    });
    expect((await commentsOf(a, mine.id)).data).toEqual([
      { ...reply, author: null, unread: true, mine: false, can_edit: false, can_delete: false },
    ]);
    expect((await feed(a, 'replies')).data).toEqual([
      {
        post: {
          id: mine.id,
          group_id: forAll,
          group_name: 'Eine Gruppe für alle',
          title: 'Von A',
          content_notes: [],
          collapsed: false,
          author: authorOf(a),
          created_at: mine.created_at,
        },
        comment: { id: reply.id, author: null, created_at: reply.created_at, excerpt: 'Eine Antwort' },
      },
    ]);
  });
});

describe('groups answers: feeds', () => {
  it('groups rule: a reply’s excerpt: whitespace runs become one space, 140 characters stay whole, longer ones end in … after 139; my own noted post is never collapsed for me', async () => {
    const a = await member();
    const b = await member();
    await join(forAll, a, b);
    await db().update(users).set({ avatar: AVATAR }).where(eq(users.id, b.id));
    const p = await writePost(a, { title: 'Mit Hinweis', content_notes: ['suicide'] });
    const exact = 'x'.repeat(140);
    const long = `${'a'.repeat(138)} ${'b'.repeat(10)}`;
    const written = [];
    for (const comment of ['Zeile eins\n\n  Zeile zwei\tund drei', exact, long]) {
      written.push(await writeComment(b, p.id, { comment }));
    }
    const post = {
      id: p.id,
      group_id: forAll,
      group_name: 'Eine Gruppe für alle',
      title: 'Mit Hinweis',
      content_notes: ['suicide'],
      collapsed: false,
      author: authorOf(a),
      created_at: p.created_at,
    };
    const item = (c: Json, excerpt: string) => ({
      post,
      comment: { id: c.id, author: authorOf(b, AVATAR), created_at: c.created_at, excerpt },
    });
    expect(await feed(a, 'replies')).toEqual({
      data: [
        item(written[2]!, `${'a'.repeat(138)}…`),
        item(written[1]!, exact),
        item(written[0]!, 'Zeile eins Zeile zwei und drei'),
      ],
      next_cursor: null,
    });
  });

  it('groups rule: replies page 20 at a time by id within one instant, without gaps or repeats', async () => {
    const a = await member();
    const b = await member();
    await join(forAll, a, b);
    const p = await writePost(a);
    const at = new Date(Date.now() - 60_000);
    const ids = (
      await db()
        .insert(comments)
        .values(
          Array.from({ length: 21 }, (_, i) => ({
            postId: p.id,
            authorId: b.id,
            message: `r${i}`,
            createdAt: at,
          })),
        )
        .returning({ id: comments.id })
    )
      .map((r) => r.id)
      .sort((x, y) => y - x);
    const page1 = await feed(a, 'replies');
    expect(page1.data.map((i) => (i.comment as { id: number }).id)).toEqual(ids.slice(0, 20));
    expect(page1.next_cursor).toEqual(expect.any(String));
    const page2 = await feed(a, 'replies', page1.next_cursor!);
    expect(page2.data.map((i) => (i.comment as { id: number }).id)).toEqual([ids[20]]);
    expect(page2.next_cursor).toBeNull();
  });

  it('groups rule: partner posts page 20 at a time: exactly 20 is one page, the 21st opens a second', async () => {
    const answers = { loss_kind: ['sibling'], languages: ['en'], region: ['de_bremen'] };
    const me = await member(answers);
    const partner = await member(answers);
    await join(forAll, me, partner);
    await call(t, 'POST', `/api/user/friend/request/send/${partner.id}`, { token: me.token, body: {} });
    const accepted = await call(t, 'POST', `/api/user/friend/request/accept/${me.id}`, {
      token: partner.token,
      body: {},
    });
    expect(accepted.status).toBeLessThan(300);
    const base = Date.now() - 3_600_000;
    const insert = async (from: number, n: number) =>
      (
        await db()
          .insert(posts)
          .values(
            Array.from({ length: n }, (_, i) => ({
              groupId: forAll,
              authorId: partner.id,
              title: `P${from + i}`,
              message: 'm',
              createdAt: new Date(base - (from + i) * 1000),
            })),
          )
          .returning({ id: posts.id })
      ).map((r) => r.id);
    const newest20 = await insert(0, 20);
    const one = await feed(me, 'partner_posts');
    expect(one.data.map((i) => (i.post as { id: number }).id)).toEqual(newest20);
    expect(one.data[0]).toEqual({
      post: {
        id: newest20[0],
        group_id: forAll,
        group_name: 'Eine Gruppe für alle',
        title: 'P0',
        content_notes: [],
        collapsed: false,
        author: authorOf(partner),
        created_at: new Date(base).toISOString(),
      },
      comment: null,
    });
    expect(one.next_cursor).toBeNull();
    const [oldest] = await insert(20, 1);
    const page1 = await feed(me, 'partner_posts');
    expect(page1.data.map((i) => (i.post as { id: number }).id)).toEqual(newest20);
    expect(page1.next_cursor).toEqual(expect.any(String));
    const page2 = await feed(me, 'partner_posts', page1.next_cursor!);
    expect(page2.data.map((i) => (i.post as { id: number }).id)).toEqual([oldest]);
    expect(page2.next_cursor).toBeNull();
  });
});
