import { getTableColumns, sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    nickname: text('nickname').notNull(),
    avatar: text('avatar'),
    about: text('about'),
    locale: text('locale', { enum: ['de', 'en'] })
      .notNull()
      .default('de'),
    isVerified: boolean('is_verified').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    isPremium: boolean('is_premium').notNull().default(false),
    premiumUntil: timestamp('premium_until', { withTimezone: true }),
    /** The premium member shows the supporter badge to partners (issue 14; they may hide it). */
    showSupporterBadge: boolean('show_supporter_badge').notNull().default(true),
    isSuperAdmin: boolean('is_super_admin').notNull().default(false),
    matchingStatus: boolean('matching_status').notNull().default(true),
    matchingStep: integer('matching_step').notNull().default(0),
    /**
     * When the member first finished the questionnaire (issue 16: the console's "onboarded per day").
     * Answering again later keeps it; its migration (`*_onboarded_at.sql`) says how older rows were back-filled.
     */
    onboardedAt: timestamp('onboarded_at', { withTimezone: true }),
    /** The last change of the loss answers after onboarding: the start of their cool-down (decision 029). */
    lossAnswersChangedAt: timestamp('loss_answers_changed_at', { withTimezone: true }),
    /** Chat read receipts (issue 13): off, the partner does not see my reads and I do not see theirs. */
    chatReadReceipts: boolean('chat_read_receipts').notNull().default(true),
    /** Chat typing signal: off, my app neither sends nor shows it. */
    chatTyping: boolean('chat_typing').notNull().default(true),
    /** Who may reach me: friend requests only from members who share a kind of loss with me. */
    requestsSameLossOnly: boolean('requests_same_loss_only').notNull().default(false),
    /** Who may reach me: no friend requests from accounts younger than this many days (0, 7 or 30). */
    requestsMinAccountDays: smallint('requests_min_account_days').notNull().default(0),
    hasSeen: text('has_seen').array().notNull().default(sql`'{}'::text[]`),
    termsAcceptedAt: timestamp('terms_accepted_at', { withTimezone: true }),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    /** When this (verified) account's owner was last told that someone signed up with the address. */
    addressNoticeAt: timestamp('address_notice_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The member asked to delete the account (SPEC.md §3, issue 11): hidden from everyone at once,
     * erased after the grace period unless revoked (policies/members.ts `isGone`, `present`).
     */
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
  },
  (t) => [
    // An address belongs to one verified account; unverified sign-ups with it may exist beside it
    // (registration never tells whether an address is taken, issue 9 item 4).
    uniqueIndex('users_verified_email_idx')
      .on(sql`lower(${t.email})`)
      .where(sql`${t.isVerified} and ${t.deletedAt} is null`),
    index('users_email_lower_idx').on(sql`lower(${t.email})`),
  ],
);

export type UserRow = typeof users.$inferSelect;

/**
 * A member as a request carries them (`request.member`): the account row without its password hash, which
 * only the password checks read, on purpose (`passwordHashOf`).
 */
export type Member = Omit<UserRow, 'passwordHash'>;
const { passwordHash: _passwordHash, ...memberFields } = getTableColumns(users);
/** The columns of `Member`, for the look-ups that make one. */
export const memberColumns = memberFields;

export const roles = pgTable('roles', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
});

export const permissions = pgTable('permissions', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  name: text('name').notNull().unique(),
});

export const roleUser = pgTable(
  'role_user',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.userId] })],
);

export const permissionRole = pgTable(
  'permission_role',
  {
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.permissionId, t.roleId] })],
);
