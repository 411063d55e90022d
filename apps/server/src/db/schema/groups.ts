import type { ContentNote, NotificationLevel } from '@trostnetz/contracts/groups';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

type Texts = { de: string; en: string };

/** Group categories (issue 12), seeded at start; admins manage them later. */
export const groupCategories = pgTable('group_categories', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  slug: text('slug').notNull().unique(),
  position: integer('position').notNull().default(0),
  name: jsonb('name').$type<Texts>().notNull(),
  description: jsonb('description').$type<Texts>().notNull(),
  /** Archived in the console: hidden from members with its groups. */
  archivedAt: timestamp('archived_at', { withTimezone: true }),
});

export const groups = pgTable(
  'groups',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    categoryId: bigint('category_id', { mode: 'number' })
      .notNull()
      .references(() => groupCategories.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull().unique(),
    position: integer('position').notNull().default(0),
    name: jsonb('name').$type<Texts>().notNull(),
    description: jsonb('description').$type<Texts>().notNull(),
    /** The questionnaire's `loss_kind` options this group is about (the dashboard's loss feed). */
    lossKinds: text('loss_kinds').array().notNull().default(sql`'{}'::text[]`),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('groups_category_idx').on(t.categoryId, t.position)],
);

export const groupMembers = pgTable(
  'group_members',
  {
    groupId: bigint('group_id', { mode: 'number' })
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    notificationLevel: text('notification_level').$type<NotificationLevel>().notNull().default('normal'),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    /** Posts after this (or after joining) are unread. */
    lastVisitedAt: timestamp('last_visited_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.userId] }), index('group_members_user_idx').on(t.userId)],
);

/**
 * A post. Deleting (author) empties title and text and sets deleted_at; the row stays so the thread
 * still reads. removed_at is moderation's: others see "removed", the author still their words.
 */
export const posts = pgTable(
  'posts',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    groupId: bigint('group_id', { mode: 'number' })
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    /** Null once the author's account was erased. */
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    message: text('message').notNull(),
    contentNotes: text('content_notes').array().$type<ContentNote[]>().notNull().default(sql`'{}'::text[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** The moderation decision (statement of reasons) that removed it; the author's view links it. */
    removedDecisionId: bigint('removed_decision_id', { mode: 'number' }),
  },
  (t) => [
    // Ascending on purpose: read backwards they give ORDER BY … DESC (NULLS FIRST), which a
    // DESC NULLS LAST index (drizzle's `.desc()`) does not, and the planner would sort instead.
    index('posts_group_page_idx').on(t.groupId, t.createdAt, t.id).where(sql`${t.deletedAt} is null`),
    index('posts_author_idx').on(t.authorId, t.createdAt, t.id),
  ],
);

export const comments = pgTable(
  'comments',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    /** One level: a reply's parent is a top-level comment of the same post. */
    parentId: bigint('parent_id', { mode: 'number' }).references((): AnyPgColumn => comments.id, {
      onDelete: 'cascade',
    }),
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    editedAt: timestamp('edited_at', { withTimezone: true }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** The moderation decision (statement of reasons) that removed it; the author's view links it. */
    removedDecisionId: bigint('removed_decision_id', { mode: 'number' }),
  },
  (t) => [
    index('comments_post_idx').on(t.postId, t.createdAt, t.id),
    index('comments_parent_idx').on(t.parentId),
    index('comments_author_idx').on(t.authorId, t.createdAt, t.id),
  ],
);

/** A member's last visit of a post (comment unread markers). */
export const postVisits = pgTable(
  'post_visits',
  {
    postId: bigint('post_id', { mode: 'number' })
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastVisitedAt: timestamp('last_visited_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.postId] })],
);

/** The content notes a reader wants collapsed; no row = the default (contracts' DEFAULT_COLLAPSED). */
export const contentNotePrefs = pgTable('content_note_prefs', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  collapsed: text('collapsed').array().$type<ContentNote[]>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PostRow = typeof posts.$inferSelect;
export type CommentRow = typeof comments.$inferSelect;
