import { FriendStatus } from '@trostnetz/contracts/friendship';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * One row per unordered pair (user_low < user_high) with friend_status from each side's view
 * (FriendStatus), suggestion state per side and the shared answers. Read a side through
 * db/pair-side.ts, never with a hand-written `case when user_low = …`.
 */
export const partnerships = pgTable(
  'partnerships',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userLow: bigint('user_low', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userHigh: bigint('user_high', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    statusLow: smallint('status_low').notNull().default(FriendStatus.none),
    statusHigh: smallint('status_high').notNull().default(FriendStatus.none),
    suggestedLowAt: timestamp('suggested_low_at', { withTimezone: true }),
    suggestedHighAt: timestamp('suggested_high_at', { withTimezone: true }),
    dismissedLowAt: timestamp('dismissed_low_at', { withTimezone: true }),
    dismissedHighAt: timestamp('dismissed_high_at', { withTimezone: true }),
    sharedTags: text('shared_tags').array().notNull().default(sql`'{}'::text[]`),
    score: integer('score').notNull().default(0),
    requestedBy: bigint('requested_by', { mode: 'number' }),
    requestMessage: text('request_message'),
    requestedAt: timestamp('requested_at', { withTimezone: true }),
    befriendedAt: timestamp('befriended_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('partnerships_pair_idx').on(t.userLow, t.userHigh),
    index('partnerships_high_idx').on(t.userHigh),
    check('partnerships_order', sql`${t.userLow} < ${t.userHigh}`),
  ],
);

export type PairRow = typeof partnerships.$inferSelect;
