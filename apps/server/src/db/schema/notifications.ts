import type { NotificationChannel, NotificationKind } from '@trostnetz/contracts/notifications';
import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { friendshipWords } from './partnerships.ts';
import { users } from './users.ts';

/**
 * What a member is told about (issue 13). One row per occasion; chat messages of one partner collect
 * in one unread row (`count`) so the list and a mail say "3 new messages from Alma", never the words.
 * `mail_state`: none (no mail wanted), pending (the mail job will look), sent (its mail was stored as
 * a `mail-send` job in the same commit), skipped (read in time, or another mail about the same partner
 * went out within 6 h).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    /** Who did it; null once their account was erased. */
    actorId: bigint('actor_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** The post (reply, group post) or group the notification is about; null for chat and friendship. */
    postId: bigint('post_id', { mode: 'number' }),
    groupId: bigint('group_id', { mode: 'number' }),
    /** The words a partner wrote at a turning point (accepting, declining, …); gone with their author's. */
    wordId: bigint('word_id', { mode: 'number' }).references(() => friendshipWords.id, {
      onDelete: 'set null',
    }),
    /** Rows of one partner or one post are shown (and mailed) together: `partner:{id}` or `post:{id}`. */
    groupKey: text('group_key').notNull(),
    count: integer('count').notNull().default(1),
    /** Shown in the app (the member's in-app choice when it happened). */
    inApp: text('in_app').$type<'yes' | 'no'>().notNull().default('yes'),
    mailState: text('mail_state').$type<'none' | 'pending' | 'sent' | 'skipped'>().notNull().default('none'),
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.updatedAt.desc()),
    index('notifications_pending_mail_idx').on(t.userId).where(sql`${t.mailState} = 'pending'`),
    /** At most one unread row per partner or post: new occasions count up in it. */
    uniqueIndex('notifications_open_group_idx')
      .on(t.userId, t.kind, t.groupKey)
      .where(sql`${t.readAt} is null`),
  ],
);

export type NotificationRow = typeof notifications.$inferSelect;

/** A member's choices: kind × channel, quiet hours in their own time zone, product news opt-in. */
export const notificationSettings = pgTable('notification_settings', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Only the choices that differ from the calm defaults (notifications.policy.ts). */
  choices: jsonb('choices')
    .$type<Partial<Record<NotificationKind, Partial<Record<NotificationChannel, boolean>>>>>()
    .notNull()
    .default({}),
  quietStart: integer('quiet_start').notNull().default(22),
  quietEnd: integer('quiet_end').notNull().default(7),
  timeZone: text('time_zone').notNull().default('Europe/Berlin'),
  /** Product news by mail only after the link in a confirmation mail was opened (UWG § 7). */
  newsConfirmedAt: timestamp('news_confirmed_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A browser's web push subscription (endpoint and keys from PushManager.subscribe). */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('push_subscriptions_endpoint_idx').on(t.endpoint),
    index('push_subscriptions_user_idx').on(t.userId),
  ],
);
