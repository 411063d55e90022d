import { asc, eq, sql } from 'drizzle-orm';
import {
  comments,
  contentNotePrefs,
  groupMembers,
  groups,
  posts,
  postVisits,
} from '../../db/schema/groups.ts';
import { reports } from '../../db/schema/safety.ts';
import { defineMemberData } from '../../lifecycle/member-data.ts';
import { collapsedNotes, emptiedComment, emptiedPost } from './groups.service.ts';

/**
 * Groups (issue 12). Export: the member's memberships, their own posts and comments (their words as
 * stored; deleted ones are already empty), their last visits and their content-note choice.
 * Erase: memberships, visits and preferences go. Their posts and comments stay as "deleted" rows with
 * no author and no words (title, text and content notes emptied), so other members' threads still
 * read; and the snapshots of reports about their words lose the words and the author too.
 */
export const groupsData = defineMemberData({
  module: 'groups',
  tables: ['group_members', 'posts', 'comments', 'post_visits', 'content_note_prefs'],
  async exportMember(ctx, userId) {
    const [memberships, ownPosts, ownComments, visits, collapsed] = await Promise.all([
      ctx.db
        .select({
          group: groups.slug,
          notificationLevel: groupMembers.notificationLevel,
          joinedAt: groupMembers.joinedAt,
          lastVisitedAt: groupMembers.lastVisitedAt,
        })
        .from(groupMembers)
        .innerJoin(groups, eq(groups.id, groupMembers.groupId))
        .where(eq(groupMembers.userId, userId))
        .orderBy(asc(groupMembers.joinedAt)),
      ctx.db.select().from(posts).where(eq(posts.authorId, userId)).orderBy(asc(posts.createdAt)),
      ctx.db.select().from(comments).where(eq(comments.authorId, userId)).orderBy(asc(comments.createdAt)),
      ctx.db.select().from(postVisits).where(eq(postVisits.userId, userId)),
      collapsedNotes(ctx.db, userId),
    ]);
    const iso = (d: Date | null) => d?.toISOString() ?? null;
    return {
      memberships: memberships.map((m) => ({
        group: m.group,
        notification_level: m.notificationLevel,
        joined_at: m.joinedAt.toISOString(),
        last_visited_at: iso(m.lastVisitedAt),
      })),
      posts: ownPosts.map((p) => ({
        id: p.id,
        group_id: p.groupId,
        title: p.title,
        message: p.message,
        content_notes: p.contentNotes,
        created_at: p.createdAt.toISOString(),
        edited_at: iso(p.editedAt),
        deleted_at: iso(p.deletedAt),
        removed_at: iso(p.removedAt),
      })),
      comments: ownComments.map((c) => ({
        id: c.id,
        post_id: c.postId,
        parent_id: c.parentId,
        message: c.message,
        created_at: c.createdAt.toISOString(),
        edited_at: iso(c.editedAt),
        deleted_at: iso(c.deletedAt),
        removed_at: iso(c.removedAt),
      })),
      post_visits: visits.map((v) => ({ post_id: v.postId, last_visited_at: v.lastVisitedAt.toISOString() })),
      collapsed_content_notes: collapsed,
    };
  },
  async eraseMember(_ctx, userId, tx) {
    const now = new Date();
    await tx.delete(groupMembers).where(eq(groupMembers.userId, userId));
    await tx.delete(postVisits).where(eq(postVisits.userId, userId));
    await tx.delete(contentNotePrefs).where(eq(contentNotePrefs.userId, userId));
    await tx
      .update(posts)
      .set({ ...emptiedPost(now), authorId: null })
      .where(eq(posts.authorId, userId));
    await tx
      .update(comments)
      .set({ ...emptiedComment(now), authorId: null })
      .where(eq(comments.authorId, userId));
    await tx
      .update(reports)
      .set({ snapshot: sql`(${reports.snapshot} - 'title') || '{"message":"","author_id":null}'::jsonb` })
      .where(
        sql`${reports.targetType} in ('post', 'comment') and (${reports.snapshot} ->> 'author_id')::bigint = ${userId}`,
      );
  },
});
