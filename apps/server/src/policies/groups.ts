import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { comments, groupMembers, groups, type PostRow, posts } from '../db/schema/groups.ts';
import { AppError } from '../lib/app-error.ts';
import { hiddenEitherWay } from './members.ts';

/**
 * Groups (issue 12): who may read and write what. Reading and writing need membership of the group
 * (these are vulnerable people's stories, not public pages); a post or comment whose author hid the
 * reader, or whom the reader hid, does not exist for the reader (DESIGN.md §5), in lists, counts,
 * unread markers, feeds and by id.
 */

/**
 * SQL: an author column `viewer` may see: not hidden either way. An erased author (null) hides
 * nothing (their rows are emptied "deleted" placeholders).
 */
export function authorVisibleTo(viewer: number, author: AnyPgColumn | SQL): SQL {
  return sql`(${author} is null or ${author} <> all(array(${hiddenEitherWay(viewer)})))`;
}

/**
 * SQL over a comments row (by table or alias name): the comment is visible to `viewer`: its author
 * is, and for a reply the author of its top-level comment is too (a hidden member's thread goes whole).
 * The parent's author is a scalar subquery (one primary-key lookup a row): an EXISTS inside an OR
 * would let the planner hash the whole comments table instead.
 */
export function commentVisibleTo(viewer: number, alias = 'comments'): SQL {
  const c = sql.raw(alias);
  return sql`(${authorVisibleTo(viewer, sql`${c}.author_id`)} and coalesce((select pc.author_id from ${comments} pc
    where pc.id = ${c}.parent_id), 0) <> all(array(${hiddenEitherWay(viewer)})))`;
}

/** SQL over `groups`: the group is open (not archived). */
export const openGroup: SQL = isNull(groups.archivedAt);

/** The open group, or 404. */
export async function openGroupOr404(db: Db, groupId: number) {
  const [group] = await db
    .select()
    .from(groups)
    .where(and(eq(groups.id, groupId), openGroup));
  if (!group) throw new AppError('not_found');
  return group;
}

export async function isGroupMember(db: Db, userId: number, groupId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.userId, userId), openGroup));
  return row?.userId === userId;
}

/** SQL: `userId` joined the group in this column. */
const memberOf = (userId: number, groupId: AnyPgColumn): SQL =>
  sql`exists (select 1 from ${groupMembers} m where m.group_id = ${groupId} and m.user_id = ${userId})`;

/** Reading or writing in a group: an open group (404) the member joined (403). One query. */
export async function requireGroupMember(db: Db, userId: number, groupId: number) {
  const [row] = await db
    .select({ group: groups, member: sql<boolean>`${memberOf(userId, groups.id)}`.mapWith(Boolean) })
    .from(groups)
    .where(and(eq(groups.id, groupId), openGroup));
  if (!row) throw new AppError('not_found');
  if (!row.member) throw new AppError('group_membership_required');
  return row.group;
}

/**
 * A post as `viewer` may reach it, or 404 when it does not exist, its group is archived, its author is
 * hidden either way or the viewer is not a member of its group: a 403 for the last would tell an
 * outsider which ids hold a post (the group itself is public, its posts are not). Deleted posts are
 * returned (they read as "deleted"). One query.
 */
export async function readablePost(db: Db, viewer: number, postId: number): Promise<PostRow> {
  const row = await postAndMembership(db, viewer, postId);
  if (!row?.member) throw new AppError('not_found');
  return row.post;
}

/** The post (undefined when unseen, as for `readablePost`) and whether `viewer` joined its group. */
async function postAndMembership(db: Db, viewer: number, postId: number) {
  const [row] = await db
    .select({ post: posts, member: sql<boolean>`${memberOf(viewer, posts.groupId)}`.mapWith(Boolean) })
    .from(posts)
    .innerJoin(groups, eq(groups.id, posts.groupId))
    .where(and(eq(posts.id, postId), openGroup, authorVisibleTo(viewer, posts.authorId)));
  return row;
}

/**
 * Who receives a group's live news of words by these authors (a post: its author; a comment: its author,
 * its post's and, for a reply, its top-level comment's): the group's members (an open group) to whom none
 * of them is hidden either way, as `readablePost` and `commentVisibleTo` decide for reading. Erased
 * authors (null) hide nothing. One query.
 */
export async function liveReaders(db: Db, groupId: number, authors: Array<number | null>): Promise<number[]> {
  const hidden = [...new Set(authors.filter((a): a is number => a !== null))].map(hiddenEitherWay);
  const rows = await db
    .select({ userId: groupMembers.userId })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .where(
      and(
        eq(groupMembers.groupId, groupId),
        openGroup,
        ...hidden.map((ids) => sql`${groupMembers.userId} <> all(array(${ids}))`),
      ),
    );
  return rows.map((r) => r.userId);
}

/** /pusher/auth: a group's channel is for its members. */
export const mayJoinGroupChannel = (db: Db, userId: number, groupId: number) =>
  isGroupMember(db, userId, groupId);

/** /pusher/auth: a post's channel is for members of its group who may read the post. */
export async function mayJoinPostChannel(db: Db, userId: number, postId: number): Promise<boolean> {
  const row = await postAndMembership(db, userId, postId);
  return row?.member === true;
}

/** Authors edit their own words for 24 hours; deleting is always allowed. */
export const withinEditWindow = (createdAt: Date, windowMs: number, now = Date.now()) =>
  now - createdAt.getTime() < windowMs;
