import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { partnerships } from './partnerships.ts';
import { users } from './users.ts';

export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    chatId: bigint('chat_id', { mode: 'number' })
      .notNull()
      .references(() => partnerships.id, { onDelete: 'cascade' }),
    senderId: bigint('sender_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    recipientId: bigint('recipient_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    clientId: text('client_id'),
    sendAt: timestamp('send_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** The sender corrected the text (within MESSAGE_EDIT_MINUTES). */
    editedAt: timestamp('edited_at', { withTimezone: true }),
    /** The sender deleted it: `body` is emptied in the same statement, the text is gone for good. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Removed by moderation (issue 16): the recipient sees "removed", the sender still the text. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** The decision (statement of reasons) that removed it. */
    removedDecisionId: bigint('removed_decision_id', { mode: 'number' }),
  },
  (t) => [
    index('messages_chat_idx').on(t.chatId, t.id),
    uniqueIndex('messages_client_idx').on(t.senderId, t.clientId),
    index('messages_unread_idx').on(t.recipientId, t.senderId).where(sql`${t.readAt} is null`),
  ],
);

export type MessageRow = typeof messages.$inferSelect;

/** A conversation one of the two muted: known to that member only. */
export const chatMutes = pgTable(
  'chat_mutes',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    chatId: bigint('chat_id', { mode: 'number' })
      .notNull()
      .references(() => partnerships.id, { onDelete: 'cascade' }),
    mutedAt: timestamp('muted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.chatId] })],
);
