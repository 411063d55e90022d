import { FriendStatus } from '@trostnetz/contracts/friendship';
import type { ContentNote, Feed, FeedItem } from '@trostnetz/contracts/groups';
import type { Locale } from '@trostnetz/contracts/messages';
import { and, desc, eq, isNotNull, isNull, ne, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { bothSides, involves, sideSql } from '../../db/pair-side.ts';
import { comments, groupMembers, groups, posts } from '../../db/schema/groups.ts';
import { partnerships } from '../../db/schema/partnerships.ts';
import { questionnaireAnswers } from '../../db/schema/questionnaire.ts';
import { users } from '../../db/schema/users.ts';
import { authorVisibleTo, commentVisibleTo } from '../../policies/groups.ts';
import { isCollapsed, presentAuthor } from './groups.presenter.ts';
import { before, collapsedNotes, decodeCursor, inLocale, newestPostIds, page } from './groups.service.ts';

/**
 * The dashboard's three feeds (issue 12), newest first. Every feed reads only groups the member has
 * joined (reading a group needs membership), leaves out deleted and removed posts and comments and
 * everything of members hidden either way, and never carries the text of a post the reader keeps
 * collapsed.
 * - replies: comments of others on my posts, and replies of others to my comments;
 * - partner_posts: posts of my current partners (befriended on both sides);
 * - loss_posts: posts of others in groups about a loss like mine (the questionnaire's loss_kind).
 */

const commentUsers = alias(users, 'comment_users');

const EXCERPT_MAX = 140;
export const excerptOf = (text: string) => {
  // Stryker disable next-line MethodExpression: comments are stored trimmed (the bodies' schemas trim them)
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_MAX ? `${flat.slice(0, EXCERPT_MAX - 1).trimEnd()}…` : flat;
};

/**
 * SQL over the unaliased `posts`: a post in an open group `me` joined, shown (not deleted, not
 * removed) and not by a member hidden either way.
 */
const shownInMyGroups = (me: number): SQL =>
  and(
    isNull(posts.deletedAt),
    isNull(posts.removedAt),
    sql`${posts.groupId} in (select m.group_id from ${groupMembers} m join ${groups} g on g.id = m.group_id
      where m.user_id = ${me} and g.archived_at is null)`,
    authorVisibleTo(me, posts.authorId),
  )!;

const postColumns = {
  post: {
    id: posts.id,
    groupId: posts.groupId,
    title: posts.title,
    contentNotes: posts.contentNotes,
    authorId: posts.authorId,
    createdAt: posts.createdAt,
  },
  groupName: groups.name,
  authorNickname: users.nickname,
  authorAvatar: users.avatar,
  authorDeletedAt: users.deletedAt,
  authorDeletionRequestedAt: users.deletionRequestedAt,
};

function postFeed(db: Db, where: SQL, limit: number) {
  return db
    .select({
      ...postColumns,
      micros: sql<string>`(extract(epoch from ${posts.createdAt}) * 1000000)::bigint::text`,
    })
    .from(posts)
    .innerJoin(groups, eq(groups.id, posts.groupId))
    .leftJoin(users, eq(users.id, posts.authorId))
    .where(where)
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
}

/**
 * SQL: the ids of the `limit` newest replies for `me` (others' comments on my posts, others' replies
 * to my comments), picked before anything is joined to them.
 */
function newestReplyIds(me: number, where: SQL | undefined, limit: number): SQL {
  const conditions = and(
    sql`${comments.id} in (
      select c.id from ${comments} c join ${posts} p on p.id = c.post_id where p.author_id = ${me}
      union
      select c.id from ${comments} c join ${comments} mine on mine.id = c.parent_id where mine.author_id = ${me})`,
    isNotNull(comments.authorId),
    ne(comments.authorId, me),
    isNull(comments.deletedAt),
    isNull(comments.removedAt),
    commentVisibleTo(me),
    shownInMyGroups(me),
    where,
  );
  return sql`select ${comments.id} from ${comments} join ${posts} on ${posts.id} = ${comments.postId}
    where ${conditions} order by ${comments.createdAt} desc, ${comments.id} desc limit ${limit}`;
}

function repliesFeed(db: Db, me: number, where: SQL | undefined, limit: number) {
  return db
    .select({
      ...postColumns,
      comment: {
        id: comments.id,
        authorId: comments.authorId,
        message: comments.message,
        createdAt: comments.createdAt,
      },
      commentNickname: commentUsers.nickname,
      commentAvatar: commentUsers.avatar,
      commentDeletedAt: commentUsers.deletedAt,
      commentDeletionRequestedAt: commentUsers.deletionRequestedAt,
      micros: sql<string>`(extract(epoch from ${comments.createdAt}) * 1000000)::bigint::text`,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .innerJoin(groups, eq(groups.id, posts.groupId))
    .leftJoin(users, eq(users.id, posts.authorId))
    .leftJoin(commentUsers, eq(commentUsers.id, comments.authorId))
    .where(sql`${comments.id} in (${newestReplyIds(me, where, limit)})`)
    .orderBy(desc(comments.createdAt), desc(comments.id))
    .limit(limit);
}

type PostFeedRow = Awaited<ReturnType<typeof postFeed>>[number];
type ReplyRow = Awaited<ReturnType<typeof repliesFeed>>[number];

function presentItem(
  row: PostFeedRow | ReplyRow,
  me: number,
  collapsed: readonly ContentNote[],
  locale: Locale,
): FeedItem {
  const p = row.post;
  const hidden = isCollapsed(p.contentNotes, collapsed, p.authorId === me);
  const reply = 'comment' in row ? row : null;
  return {
    post: {
      id: p.id,
      group_id: p.groupId,
      group_name: inLocale(row.groupName, locale),
      title: p.title,
      content_notes: p.contentNotes,
      collapsed: hidden,
      author: presentAuthor(p.authorId, row),
      created_at: p.createdAt.toISOString(),
    },
    comment: reply
      ? {
          id: reply.comment.id,
          author: presentAuthor(reply.comment.authorId, {
            authorNickname: reply.commentNickname,
            authorAvatar: reply.commentAvatar,
            authorDeletedAt: reply.commentDeletedAt,
            authorDeletionRequestedAt: reply.commentDeletionRequestedAt,
          }),
          created_at: reply.comment.createdAt.toISOString(),
          ...(hidden ? {} : { excerpt: excerptOf(reply.comment.message) }),
        }
      : null,
  };
}

/** SQL: my current partners (befriended on both sides), as `k`. */
const myPartners = (me: number): SQL =>
  sql`select ${sideSql(me).other} as k from ${partnerships} where ${involves(me)} and ${bothSides(FriendStatus.befriended)}`;

/** SQL: the open groups I joined that are about a loss I named in the questionnaire (loss_kind), as `k`. */
const groupsAboutMyLoss = (me: number): SQL =>
  sql`select g.id as k from ${groups} g join ${groupMembers} m on m.group_id = g.id and m.user_id = ${me}
    where g.archived_at is null and g.loss_kinds && coalesce((select a.option_keys from ${questionnaireAnswers} a
      where a.user_id = ${me} and a.question_key = 'loss_kind'), '{}'::text[])`;

async function feedRows(db: Db, me: number, feed: Feed, position: SQL | undefined, limit: number) {
  if (feed === 'replies') return repliesFeed(db, me, position, limit);
  const shown = and(shownInMyGroups(me), position)!;
  const ids =
    feed === 'partner_posts'
      ? newestPostIds(myPartners(me), 'author_id', shown, limit)
      : newestPostIds(groupsAboutMyLoss(me), 'group_id', and(shown, ne(posts.authorId, me))!, limit);
  return postFeed(db, sql`${posts.id} in (${ids})`, limit);
}

export async function feedPage(
  db: Db,
  me: number,
  feed: Feed,
  cursor: string | undefined,
  size: number,
  locale: Locale,
) {
  const position = decodeCursor(cursor);
  const where = position
    ? feed === 'replies'
      ? before(comments.createdAt, comments.id, position)
      : before(posts.createdAt, posts.id, position)
    : undefined;
  const [rows, collapsed] = await Promise.all([
    feedRows(db, me, feed, where, size + 1),
    collapsedNotes(db, me),
  ]);
  const { rows: data, nextCursor } = page<PostFeedRow | ReplyRow>(rows, size, (r) => ({
    micros: r.micros,
    id: 'comment' in r ? r.comment.id : r.post.id,
  }));
  return { data: data.map((r) => presentItem(r, me, collapsed, locale)), next_cursor: nextCursor };
}

export async function dashboardFeeds(db: Db, me: number, size: number, locale: Locale) {
  const [replies, partner_posts, loss_posts] = await Promise.all(
    (['replies', 'partner_posts', 'loss_posts'] as const).map((f) =>
      feedPage(db, me, f, undefined, size, locale),
    ),
  );
  return { replies: replies!.data, partner_posts: partner_posts!.data, loss_posts: loss_posts!.data };
}
