import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

export const blocks = pgTable(
  'blocks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    blockerId: bigint('blocker_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: bigint('blocked_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('blocks_pair_idx').on(t.blockerId, t.blockedId),
    index('blocks_blocked_idx').on(t.blockedId),
  ],
);

export interface ReportSnapshot {
  title?: string;
  message: string;
  author_id: number | null;
  created_at: string;
  /** Chat messages: the few messages before the reported one in its conversation, oldest first. */
  context?: { id: number; author_id: number | null; created_at: string; message: string }[];
}

export const reports = pgTable(
  'reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** Null once the reporter's account was erased: the report stays for moderation (decision 009). */
    reporterId: bigint('reporter_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    targetType: text('target_type', { enum: ['profile', 'message', 'post', 'comment'] }).notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    reason: text('reason').notNull(),
    details: text('details'),
    /** Posts, comments, chat messages: the reported words as they were (title, message, author id, created_at, context). */
    snapshot: jsonb('snapshot').$type<ReportSnapshot | null>(),
    /** open → in_review (taken by one moderator, `assignee_id`) → resolved (with its decision). */
    status: text('status', { enum: ['open', 'in_review', 'resolved'] })
      .notNull()
      .default('open'),
    answer: text('answer'),
    assigneeId: bigint('assignee_id', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    decisionId: bigint('decision_id', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reports_status_idx').on(t.status, t.createdAt)],
);

/**
 * How often the "Möchtest du das wirklich so senden?" prompt ended in each choice, per day (Berlin) and
 * place: counts only, never who wrote or what.
 */
export const sendPromptCounts = pgTable(
  'send_prompt_counts',
  {
    day: date('day').notNull(),
    surface: text('surface').notNull(),
    choice: text('choice').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.surface, t.choice] })],
);
