import {
  type Comment,
  type ContentNote,
  EDIT_WINDOW_MS,
  type GroupCategory,
  type GroupDetail,
  type GroupSummary,
  type Post,
  type PostAuthor,
} from '@trostnetz/contracts/groups';
import { renderMarkdown } from '@trostnetz/contracts/markdown';
import type { Locale } from '@trostnetz/contracts/messages';
import { withinEditWindow } from '../../policies/groups.ts';
import { isGone } from '../../policies/members.ts';
import { type CommentView, type GroupRow, inLocale, type PostView } from './groups.service.ts';

interface AuthorFields {
  authorNickname: string | null;
  authorAvatar: string | null;
  authorDeletedAt: Date | null;
  authorDeletionRequestedAt: Date | null;
}

/** Null for an erased or gone account (SPEC.md §3: others see it as deleted). */
export function presentAuthor(authorId: number | null, row: AuthorFields): PostAuthor {
  // Stryker disable next-line ConditionalExpression,LogicalOperator: only an erased author is null, and their rows read as deleted before this (nickname is not null)
  if (authorId === null || row.authorNickname === null) return null;
  if (isGone({ deletedAt: row.authorDeletedAt, deletionRequestedAt: row.authorDeletionRequestedAt })) {
    return null;
  }
  return { id: authorId, nickname: row.authorNickname, avatar: row.authorAvatar || null };
}

export function presentGroup(row: GroupRow, locale: Locale): GroupSummary {
  return {
    id: row.id,
    slug: row.slug,
    name: inLocale(row.name, locale),
    description: inLocale(row.description, locale),
    category_id: row.categoryId,
    member_count: row.memberCount,
    joined: row.joined,
    notification_level: row.joined ? row.notificationLevel : null,
    unread_count: row.joined ? row.unreadCount : 0,
  };
}

export const presentGroupDetail = (row: GroupRow, locale: Locale): GroupDetail => ({
  ...presentGroup(row, locale),
  last_visited_at: row.joined ? (row.lastVisitedAt?.toISOString() ?? null) : null,
});

export function presentCategories(
  categories: Array<{
    id: number;
    slug: string;
    name: { de: string; en: string };
    description: { de: string; en: string };
  }>,
  groups: GroupRow[],
  locale: Locale,
): GroupCategory[] {
  return categories.map((c) => ({
    id: c.id,
    slug: c.slug,
    name: inLocale(c.name, locale),
    description: inLocale(c.description, locale),
    groups: groups.filter((g) => g.categoryId === c.id).map((g) => presentGroup(g, locale)),
  }));
}

type State = Post['state'];
const stateOf = (row: { deletedAt: Date | null; removedAt: Date | null }): State =>
  row.deletedAt ? 'deleted' : row.removedAt ? 'removed' : 'visible';

/** The author's notes hit one the reader keeps collapsed (never for one's own post). */
export const isCollapsed = (
  notes: readonly ContentNote[],
  collapsed: readonly ContentNote[],
  mine: boolean,
) => !mine && notes.some((n) => collapsed.includes(n));

/**
 * A post as `me` sees it: a deleted one has no words left; a removed one keeps them only for its
 * author. Markdown is rendered by the shared renderer (HTML off, safe links only).
 */
export function presentPost(
  row: PostView,
  me: number,
  collapsed: readonly ContentNote[],
  now = Date.now(),
): Post {
  const p = row.post;
  const mine = p.authorId === me;
  const state = stateOf(p);
  // Removed by moderation: the author still reads their words and the notice that removed them.
  const removedMine = state === 'removed' && mine;
  const shown = state === 'visible' || removedMine;
  const message = shown ? p.message : '';
  return {
    id: p.id,
    group_id: p.groupId,
    author: state === 'deleted' ? null : presentAuthor(p.authorId, row),
    title: shown ? p.title : '',
    message,
    html: message ? renderMarkdown(message, 'member') : '',
    content_notes: shown ? p.contentNotes : [],
    collapsed: shown && isCollapsed(p.contentNotes, collapsed, mine),
    state,
    notice_id: removedMine ? p.removedDecisionId : null,
    comment_count: row.commentCount,
    unread: row.unread && !mine,
    created_at: p.createdAt.toISOString(),
    edited_at: p.editedAt?.toISOString() ?? null,
    mine,
    can_edit: mine && state === 'visible' && withinEditWindow(p.createdAt, EDIT_WINDOW_MS, now),
    can_delete: mine && state !== 'deleted',
  };
}

export function presentComment(row: CommentView, me: number, now = Date.now()): Comment {
  const c = row.comment;
  const mine = c.authorId === me;
  const state = stateOf(c);
  const removedMine = state === 'removed' && mine;
  const message = state === 'visible' || removedMine ? c.message : '';
  return {
    id: c.id,
    post_id: c.postId,
    parent_id: c.parentId,
    author: state === 'deleted' ? null : presentAuthor(c.authorId, row),
    message,
    html: message ? renderMarkdown(message, 'member') : '',
    state,
    notice_id: removedMine ? c.removedDecisionId : null,
    created_at: c.createdAt.toISOString(),
    edited_at: c.editedAt?.toISOString() ?? null,
    unread: row.unread && !mine,
    mine,
    can_edit: mine && state === 'visible' && withinEditWindow(c.createdAt, EDIT_WINDOW_MS, now),
    can_delete: mine && state !== 'deleted',
  };
}
