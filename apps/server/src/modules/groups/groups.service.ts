import {
  type ContentNote,
  type CreateCommentBody,
  DEFAULT_COLLAPSED,
  EDIT_WINDOW_MS,
  type NotificationLevel,
  POSTS_PAGE_SIZE,
} from '@trostnetz/contracts/groups';
import type { Locale } from '@trostnetz/contracts/messages';
import { vmsg } from '@trostnetz/contracts/messages';
import { and, asc, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import {
  type CommentRow,
  comments,
  contentNotePrefs,
  groupCategories,
  groupMembers,
  groups,
  type PostRow,
  posts,
  postVisits,
} from '../../db/schema/groups.ts';
import { users } from '../../db/schema/users.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import {
  authorVisibleTo,
  commentVisibleTo,
  liveReaders,
  openGroup,
  openGroupOr404,
  readablePost,
  requireGroupMember,
  withinEditWindow,
} from '../../policies/groups.ts';
import { goneColumns } from '../../policies/members.ts';
import { notify } from '../notifications/notifier.ts';

/** Keyset position (created_at in microseconds, id), handed out as an opaque base64url string. */
export interface Position {
  micros: string;
  id: number;
}

export const encodeCursor = (p: Position) => Buffer.from(`${p.micros}.${p.id}`).toString('base64url');

/** A cursor the server handed out, or a 422 (never a 500) for anything else. */
export function decodeCursor(cursor: string | undefined): Position | null {
  if (cursor === undefined) return null;
  const m = /^([0-9]{1,18})\.([1-9][0-9]{0,15})$/.exec(Buffer.from(cursor, 'base64url').toString('latin1'));
  const id = m ? Number(m[2]) : Number.NaN;
  // Stryker disable next-line StringLiteral: an unknown message key is translated as 'invalid' too
  if (!m || !Number.isSafeInteger(id)) throw validationError({ cursor: [vmsg('invalid')] });
  return { micros: m[1]!, id };
}

const microsOf = (column: AnyPgColumn) =>
  sql<string>`(extract(epoch from ${column}) * 1000000)::bigint::text`;
const timestampOf = (micros: string) =>
  sql`('epoch'::timestamptz + ${micros}::bigint * interval '1 microsecond')`;

/** SQL: (created_at, id) before / after a position (newest first / oldest first). */
export function before(createdAt: AnyPgColumn, id: AnyPgColumn, p: Position): SQL {
  return sql`(${createdAt}, ${id}) < (${timestampOf(p.micros)}, ${p.id}::bigint)`;
}
export function after(
  createdAt: SQL | typeof comments.createdAt,
  id: SQL | typeof comments.id,
  p: Position,
): SQL {
  return sql`(${createdAt}, ${id}) > (${timestampOf(p.micros)}, ${p.id}::bigint)`;
}

/* ---------- content notes ---------- */

export async function collapsedNotes(db: Db, userId: number): Promise<ContentNote[]> {
  const [row] = await db
    .select({ collapsed: contentNotePrefs.collapsed })
    .from(contentNotePrefs)
    .where(eq(contentNotePrefs.userId, userId));
  return row ? row.collapsed : [...DEFAULT_COLLAPSED];
}

export async function setCollapsedNotes(db: Db, userId: number, collapsed: ContentNote[]) {
  const now = new Date();
  await db
    .insert(contentNotePrefs)
    .values({ userId, collapsed, updatedAt: now })
    .onConflictDoUpdate({ target: contentNotePrefs.userId, set: { collapsed, updatedAt: now } });
  return { collapsed };
}

/* ---------- groups ---------- */

/** SQL over `posts`: a post that counts as unread for `me` in a group whose membership row is `gm`. */
const unreadPost = (me: number) =>
  sql`(${posts.authorId} is distinct from ${me} and ${posts.createdAt} > coalesce(${groupMembers.lastVisitedAt}, ${groupMembers.joinedAt}))`;

function groupSelection(me: number) {
  return {
    id: groups.id,
    slug: groups.slug,
    name: groups.name,
    description: groups.description,
    categoryId: groups.categoryId,
    memberCount:
      sql<number>`(select count(*) from ${groupMembers} m where m.group_id = ${groups.id})`.mapWith(Number),
    joined: sql<boolean>`(${groupMembers.userId} is not null)`.mapWith(Boolean),
    notificationLevel: groupMembers.notificationLevel,
    lastVisitedAt: groupMembers.lastVisitedAt,
    unreadCount: sql<number>`(case when ${groupMembers.userId} is null then 0 else (
      select count(*) from ${posts} where ${posts.groupId} = ${groups.id} and ${posts.deletedAt} is null
        and ${unreadPost(me)} and ${authorVisibleTo(me, posts.authorId)}) end)`.mapWith(Number),
  };
}
export type GroupRow = Awaited<ReturnType<typeof listGroupRows>>[number];

function listGroupRows(db: Db, me: number, where: SQL) {
  return db
    .select(groupSelection(me))
    .from(groups)
    .leftJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.userId, me)))
    .where(and(openGroup, where))
    .orderBy(asc(groups.position), asc(groups.id));
}

export async function listCategories(db: Db, me: number) {
  const [categories, rows] = await Promise.all([
    // An archived category (issue 16 console) is hidden with its groups.
    db
      .select()
      .from(groupCategories)
      .where(isNull(groupCategories.archivedAt))
      .orderBy(asc(groupCategories.position), asc(groupCategories.id)),
    listGroupRows(
      db,
      me,
      sql`${groups.categoryId} not in (select id from ${groupCategories} where archived_at is not null)`,
    ),
  ]);
  return { categories, groups: rows };
}

export async function groupRow(db: Db, me: number, groupId: number): Promise<GroupRow> {
  const [row] = await listGroupRows(db, me, eq(groups.id, groupId));
  if (!row) throw new AppError('not_found');
  return row;
}

export async function join(db: Db, me: number, groupId: number) {
  await openGroupOr404(db, groupId);
  await db.insert(groupMembers).values({ groupId, userId: me }).onConflictDoNothing();
  return groupRow(db, me, groupId);
}

export async function leave(db: Db, me: number, groupId: number) {
  await openGroupOr404(db, groupId);
  await db.delete(groupMembers).where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, me)));
}

export async function setNotificationLevel(db: Db, me: number, groupId: number, level: NotificationLevel) {
  await openGroupOr404(db, groupId);
  const updated = await db
    .update(groupMembers)
    .set({ notificationLevel: level })
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, me)))
    .returning({ groupId: groupMembers.groupId });
  if (!updated.length) throw new AppError('group_not_joined');
  return groupRow(db, me, groupId);
}

export async function markGroupSeen(db: Db, me: number, groupId: number) {
  await requireGroupMember(db, me, groupId);
  await db
    .update(groupMembers)
    .set({ lastVisitedAt: new Date() })
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, me)));
}

/* ---------- posts ---------- */

const authorColumns = {
  authorNickname: users.nickname,
  authorAvatar: users.avatar,
  authorDeletedAt: goneColumns.deletedAt,
  authorDeletionRequestedAt: goneColumns.deletionRequestedAt,
};

/** SQL over `posts`: its comments `me` sees (not deleted or removed, visible). */
const visibleCommentCount = (me: number) =>
  sql<number>`(select count(*) from ${comments} c where c.post_id = ${posts.id} and c.deleted_at is null
    and c.removed_at is null and ${commentVisibleTo(me, 'c')})`.mapWith(Number);

function postSelection(me: number) {
  return {
    post: posts,
    ...authorColumns,
    commentCount: visibleCommentCount(me),
    unread: sql<boolean>`coalesce(${unreadPost(me)}, false)`.mapWith(Boolean),
    micros: microsOf(posts.createdAt),
  };
}
export type PostView = Awaited<ReturnType<typeof postRows>>[number];

function postRows(db: Db, me: number, where: SQL, limit: number) {
  return db
    .select(postSelection(me))
    .from(posts)
    .leftJoin(users, eq(users.id, posts.authorId))
    .leftJoin(groupMembers, and(eq(groupMembers.groupId, posts.groupId), eq(groupMembers.userId, me)))
    .where(where)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
}

/**
 * SQL: the ids of the `limit` newest posts over several keys (groups or authors): one index walk per
 * key (posts_group_page_idx, posts_author_idx), then the newest of those. The planner would otherwise
 * read every post of the key and sort them. `source` selects the keys as a column `k`; `where` is over
 * the unaliased `posts`.
 */
export function newestPostIds(source: SQL, key: 'group_id' | 'author_id', where: SQL, limit: number): SQL {
  return sql`select x.id from (${source}) s cross join lateral (
      select ${posts.id} as id, ${posts.createdAt} as created_at from ${posts}
      where ${posts}.${sql.raw(key)} = s.k and ${where}
      order by ${posts.createdAt} desc, ${posts.id} desc limit ${limit}) x
    order by x.created_at desc, x.id desc limit ${limit}`;
}

/** A group's posts, newest first: deleted ones left out, hidden authors' ones too. */
export async function listPosts(db: Db, me: number, groupId: number, cursor: string | undefined) {
  const position = decodeCursor(cursor);
  await requireGroupMember(db, me, groupId);
  const limit = POSTS_PAGE_SIZE + 1;
  const shown = and(
    isNull(posts.deletedAt),
    authorVisibleTo(me, posts.authorId),
    position ? before(posts.createdAt, posts.id, position) : undefined,
  )!;
  const rows = await postRows(
    db,
    me,
    sql`${posts.id} in (${newestPostIds(sql`select ${groupId}::bigint as k`, 'group_id', shown, limit)})`,
    limit,
  );
  return page(rows, POSTS_PAGE_SIZE, (r) => ({ micros: r.micros, id: r.post.id }));
}

export function page<R>(rows: R[], size: number, position: (row: R) => Position) {
  const more = rows.length > size;
  const data = more ? rows.slice(0, size) : rows;
  return { rows: data, nextCursor: more ? encodeCursor(position(data[data.length - 1]!)) : null };
}

export async function postView(db: Db, me: number, postId: number): Promise<PostView> {
  await readablePost(db, me, postId);
  const [row] = await postRows(db, me, eq(posts.id, postId), 1);
  // Stryker disable next-line ConditionalExpression,StringLiteral: readablePost just found the row (post rows are never deleted, only emptied)
  if (!row) throw new AppError('not_found');
  return row;
}

export async function createPost(
  ctx: AppContext,
  me: number,
  input: { group_id: number; title: string; message: string; content_notes: ContentNote[] },
) {
  await requireGroupMember(ctx.db, me, input.group_id);
  const [row] = await ctx.db
    .insert(posts)
    .values({
      groupId: input.group_id,
      authorId: me,
      title: input.title,
      message: input.message,
      contentNotes: input.content_notes,
    })
    .returning({ id: posts.id });
  const readers = await liveReaders(ctx.db, input.group_id, [me]);
  ctx.broadcaster.toReaders('group', input.group_id, readers, 'PostCreated', {
    post_id: row!.id,
    group_id: input.group_id,
  });
  // Members who watch the group hear of each new post (issue 13); "normal" and "muted" do not.
  const watchers = await ctx.db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, input.group_id), eq(groupMembers.notificationLevel, 'watching')));
  for (const w of watchers) {
    if (w.userId !== me) {
      await notify(ctx, w.userId, 'group_post', { actorId: me, postId: row!.id, groupId: input.group_id });
    }
  }
  return postView(ctx.db, me, row!.id);
}

/** The author's own post for a change: 404 unseen, 403 someone else's, 409 when no longer editable. */
async function ownPost(db: Db, me: number, postId: number) {
  const post = await readablePost(db, me, postId);
  if (post.authorId !== me) throw new AppError('forbidden');
  return post;
}

export async function updatePost(
  ctx: AppContext,
  me: number,
  postId: number,
  input: { title?: string; message?: string; content_notes?: ContentNote[] },
) {
  const post = await ownPost(ctx.db, me, postId);
  if (post.deletedAt || post.removedAt) throw new AppError('conflict');
  if (!withinEditWindow(post.createdAt, EDIT_WINDOW_MS)) throw new AppError('edit_window_closed');
  if (input.title !== undefined || input.message !== undefined || input.content_notes !== undefined) {
    await ctx.db
      .update(posts)
      // Drizzle leaves out keys whose value is undefined: only what the body names changes.
      .set({
        title: input.title,
        message: input.message,
        contentNotes: input.content_notes,
        editedAt: new Date(),
      })
      .where(eq(posts.id, postId));
    await announcePostChange(ctx, post);
  }
  return postView(ctx.db, me, postId);
}

/** The author's words go at once (the row stays as "deleted" so its comments still read). */
export const emptiedPost = (now: Date) => ({
  title: '',
  message: '',
  contentNotes: [] as ContentNote[],
  deletedAt: sql`coalesce(${posts.deletedAt}, ${now.toISOString()}::timestamptz)`,
});

export async function deletePost(ctx: AppContext, me: number, postId: number) {
  const [post] = await ctx.db.select().from(posts).where(eq(posts.id, postId));
  // Deleting one's own words needs no membership; anyone else's post is "not found".
  if (!post || post.authorId !== me) throw new AppError('not_found');
  if (post.deletedAt) return;
  await ctx.db.update(posts).set(emptiedPost(new Date())).where(eq(posts.id, postId));
  await announcePostChange(ctx, post);
}

/** A post's edit or deletion, live to the group's members who may read it. */
async function announcePostChange(ctx: AppContext, post: PostRow) {
  const readers = await liveReaders(ctx.db, post.groupId, [post.authorId]);
  ctx.broadcaster.toReaders('group', post.groupId, readers, 'PostUpdated', { id: post.id });
}

export async function markPostSeen(db: Db, me: number, postId: number) {
  await readablePost(db, me, postId);
  const now = new Date();
  await db
    .insert(postVisits)
    .values({ postId, userId: me, lastVisitedAt: now })
    .onConflictDoUpdate({ target: [postVisits.userId, postVisits.postId], set: { lastVisitedAt: now } });
}

/* ---------- comments ---------- */

export type CommentView = Awaited<ReturnType<typeof commentRows>>[number];

function commentRows(db: Db, me: number, where: SQL, limit: number) {
  return db
    .select({
      comment: comments,
      ...authorColumns,
      micros: microsOf(comments.createdAt),
      unread: sql<boolean>`(${comments.authorId} is distinct from ${me} and ${comments.createdAt} > coalesce(
        (select v.last_visited_at from ${postVisits} v where v.post_id = ${comments.postId} and v.user_id = ${me}),
        (select m.joined_at from ${groupMembers} m join ${posts} p on p.group_id = m.group_id
          where p.id = ${comments.postId} and m.user_id = ${me})))`.mapWith(Boolean),
    })
    .from(comments)
    .leftJoin(users, eq(users.id, comments.authorId))
    .where(where)
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(limit);
}

/**
 * A post's comments, oldest first, flat with parent_id. Left out: comments of hidden members (both
 * ways) and the replies under them; a deleted comment unless a reply `me` sees is under it.
 */
export async function listComments(
  db: Db,
  me: number,
  postId: number,
  cursor: string | undefined,
  size: number,
) {
  const position = decodeCursor(cursor);
  await readablePost(db, me, postId);
  const rows = await commentRows(
    db,
    me,
    and(
      eq(comments.postId, postId),
      commentVisibleTo(me),
      // A scalar subquery, not EXISTS: inside an OR the planner could hash the whole table for it.
      sql`(${comments.deletedAt} is null or (select 1 from ${comments} r where r.parent_id = ${comments.id}
        and r.deleted_at is null and ${authorVisibleTo(me, sql`r.author_id`)} limit 1) is not null)`,
      position ? after(comments.createdAt, comments.id, position) : undefined,
    )!,
    size + 1,
  );
  return page(rows, size, (r) => ({ micros: r.micros, id: r.comment.id }));
}

async function commentView(db: Db, me: number, commentId: number): Promise<CommentView> {
  const [row] = await commentRows(db, me, eq(comments.id, commentId), 1);
  // Stryker disable next-line ConditionalExpression,StringLiteral: called right after writing the row (comment rows are never deleted, only emptied)
  if (!row) throw new AppError('not_found');
  return row;
}

/** A comment `me` may reach (its post readable, itself visible), or 404 as for its post. */
async function readableComment(db: Db, me: number, commentId: number) {
  const [row] = await db
    .select()
    .from(comments)
    .where(and(eq(comments.id, commentId), commentVisibleTo(me)));
  if (!row) throw new AppError('not_found');
  const post = await readablePost(db, me, row.postId);
  return { comment: row, post };
}

export async function createComment(ctx: AppContext, me: number, postId: number, input: CreateCommentBody) {
  const post = await readablePost(ctx.db, me, postId);
  if (post.deletedAt || post.removedAt) throw new AppError('conflict');
  let parentAuthor: number | null = null;
  if (input.parent_id !== undefined) {
    // Only this post's comments are looked for: another post's may be in a group `me` is not in, and
    // a different answer for it than for a missing id would tell that it exists.
    const [parent] = await ctx.db
      .select()
      .from(comments)
      .where(and(eq(comments.id, input.parent_id), eq(comments.postId, postId), commentVisibleTo(me)));
    if (!parent) throw new AppError('not_found');
    // One level of replies.
    if (parent.parentId !== null) {
      // Stryker disable next-line StringLiteral: an unknown message key is translated as 'invalid' too
      throw validationError({ parent_id: [vmsg('invalid')] });
    }
    if (parent.deletedAt || parent.removedAt) throw new AppError('conflict');
    parentAuthor = parent.authorId;
  }
  const [row] = await ctx.db
    .insert(comments)
    .values({ postId, parentId: input.parent_id ?? null, authorId: me, message: input.comment })
    .returning({ id: comments.id });
  const readers = await liveReaders(ctx.db, post.groupId, [me, post.authorId, parentAuthor]);
  ctx.broadcaster.toReaders('post', postId, readers, 'CommentCreated', {
    comment_id: row!.id,
    post_id: postId,
    parent_id: input.parent_id ?? null,
  });
  // A reply to my post or to my comment (issue 13); the author of both is told once.
  const told = new Set([me]);
  for (const authorId of [parentAuthor, post.authorId]) {
    if (authorId && !told.has(authorId)) {
      told.add(authorId);
      await notify(ctx, authorId, 'reply', { actorId: me, postId, groupId: post.groupId });
    }
  }
  return commentView(ctx.db, me, row!.id);
}

export async function updateComment(ctx: AppContext, me: number, commentId: number, message: string) {
  const { comment } = await readableComment(ctx.db, me, commentId);
  if (comment.authorId !== me) throw new AppError('forbidden');
  if (comment.deletedAt || comment.removedAt) throw new AppError('conflict');
  if (!withinEditWindow(comment.createdAt, EDIT_WINDOW_MS)) throw new AppError('edit_window_closed');
  await ctx.db.update(comments).set({ message, editedAt: new Date() }).where(eq(comments.id, commentId));
  await announceCommentChange(ctx, comment);
  return commentView(ctx.db, me, commentId);
}

export const emptiedComment = (now: Date) => ({
  message: '',
  deletedAt: sql`coalesce(${comments.deletedAt}, ${now.toISOString()}::timestamptz)`,
});

export async function deleteComment(ctx: AppContext, me: number, commentId: number) {
  const [comment] = await ctx.db.select().from(comments).where(eq(comments.id, commentId));
  if (!comment || comment.authorId !== me) throw new AppError('not_found');
  if (comment.deletedAt) return;
  await ctx.db.update(comments).set(emptiedComment(new Date())).where(eq(comments.id, commentId));
  await announceCommentChange(ctx, comment);
}

/**
 * A comment's edit or deletion, live to the members who may read it: its post's group's members to whom
 * neither its author, its post's nor (for a reply) its top-level comment's author is hidden either way.
 */
async function announceCommentChange(ctx: AppContext, comment: CommentRow) {
  const [where] = await ctx.db
    .select({
      groupId: posts.groupId,
      postAuthor: posts.authorId,
      parentAuthor: sql<
        number | null
      >`(select pc.author_id from ${comments} pc where pc.id = ${comment.parentId})`,
    })
    .from(posts)
    .where(eq(posts.id, comment.postId));
  // Stryker disable next-line ConditionalExpression: a comment's post row is never deleted (only emptied)
  if (!where) return;
  const authors = [
    comment.authorId,
    where.postAuthor,
    where.parentAuthor === null ? null : Number(where.parentAuthor),
  ];
  const readers = await liveReaders(ctx.db, where.groupId, authors);
  ctx.broadcaster.toReaders('post', comment.postId, readers, 'CommentUpdated', {
    id: comment.id,
    post_id: comment.postId,
  });
}

/* ---------- names ---------- */

export const inLocale = (texts: { de: string; en: string }, locale: Locale) => texts[locale] || texts.de;
