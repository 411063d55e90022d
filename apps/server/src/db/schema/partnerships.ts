import { FriendStatus } from '@trostnetz/contracts/friendship';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
    /**
     * A request kept from its recipient by their "who may reach me" choices: the requester's side says
     * `sent`, the recipient's `none`, and it ends like an unanswered request (pendingPair counts it).
     */
    requestHeld: boolean('request_held').notNull().default(false),
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

/** The turning points whose words are kept for the other member (the invite's are `request_message`). */
export const WORD_ACTIONS = ['accept', 'deny', 'retract', 'remove'] as const;
export type WordAction = (typeof WORD_ACTIONS)[number];

/**
 * What a member wrote when accepting, declining, withdrawing or ending (SPEC.md §4: each carries an
 * optional message): kept so that the other member reads it later, not only while looking. The
 * author's data: exported with them, erased with them, and gone between two members when one hides
 * the other.
 */
export const friendshipWords = pgTable(
  'friendship_words',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    pairId: bigint('pair_id', { mode: 'number' })
      .notNull()
      .references(() => partnerships.id, { onDelete: 'cascade' }),
    authorId: bigint('author_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: bigint('recipient_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action').$type<WordAction>().notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('friendship_words_pair_idx').on(t.pairId, t.createdAt),
    index('friendship_words_author_idx').on(t.authorId),
    check('friendship_words_action', sql`${t.action} in ('accept', 'deny', 'retract', 'remove')`),
  ],
);

export type FriendshipWordsRow = typeof friendshipWords.$inferSelect;
