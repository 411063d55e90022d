import type { AppealStatus, ModerationRule, ReportDecision } from '@trostnetz/contracts/admin';
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * A staff member's second factor (issue 16). `totp_secret` is encrypted with the app key; it waits
 * with `enabled_at` null until the first code confirms the enrolment. `last_step` is the TOTP time
 * step last accepted: a code of that step or an earlier one is a replay and refused.
 * `recovery_codes` holds SHA-256 hashes; a used one is removed.
 */
export const staffCredentials = pgTable('staff_credentials', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  totpSecret: text('totp_secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  recoveryCodes: text('recovery_codes').array().notNull().default(sql`'{}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A console session: apart from the member's, ends after 30 idle minutes and at `expires_at` (8 h). */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('staff_sessions_user_idx').on(t.userId)],
);

/**
 * A moderation decision on one reported item (or an account). For every restriction it is the
 * statement of reasons the affected member reads (DSA Art. 17): what (`content`, their own words as
 * they were), why (`statement`), which rule, until when, and how to contest (an appeal).
 */
export const moderationDecisions = pgTable(
  'moderation_decisions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    targetType: text('target_type', { enum: ['profile', 'message', 'post', 'comment', 'account'] }).notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    /** The member the decision is about; null once their account was erased. */
    memberId: bigint('member_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    decision: text('decision').$type<ReportDecision>().notNull(),
    rule: text('rule').$type<ModerationRule>().notNull(),
    statement: text('statement').notNull(),
    /** Internal, staff only. */
    note: text('note'),
    content: text('content'),
    until: timestamp('until', { withTimezone: true }),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** An appeal reversed it: content back, suspension lifted. */
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
  },
  (t) => [
    index('moderation_decisions_member_idx').on(t.memberId, t.createdAt),
    index('moderation_decisions_target_idx').on(t.targetType, t.targetId),
  ],
);
export type DecisionRow = typeof moderationDecisions.$inferSelect;

/** An appeal (DSA Art. 20): once per decision, within six months, decided by another moderator. */
export const appeals = pgTable(
  'appeals',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    decisionId: bigint('decision_id', { mode: 'number' })
      .notNull()
      .references(() => moderationDecisions.id, { onDelete: 'cascade' }),
    memberId: bigint('member_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    status: text('status').$type<AppealStatus>().notNull().default('open'),
    statement: text('statement'),
    decidedBy: bigint('decided_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('appeals_decision_idx').on(t.decisionId),
    index('appeals_status_idx').on(t.status, t.createdAt),
  ],
);

/** A suspension: no sign-in until `until` (unless lifted); its statement of reasons is its decision. */
export const suspensions = pgTable(
  'suspensions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reasonCode: text('reason_code').$type<ModerationRule>().notNull(),
    until: timestamp('until', { withTimezone: true }).notNull(),
    decisionId: bigint('decision_id', { mode: 'number' }).references(() => moderationDecisions.id, {
      onDelete: 'set null',
    }),
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
  },
  (t) => [index('suspensions_user_idx').on(t.userId, t.until)],
);

/** Staff notes on a member (never shown to the member). */
export const staffNotes = pgTable(
  'staff_notes',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorId: bigint('author_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_notes_user_idx').on(t.userId, t.createdAt)],
);

/**
 * Every staff action, one row each (who, what, on whom, when, why). Append-only: a trigger
 * (migration 0016) refuses UPDATE, DELETE and TRUNCATE for every database role the app uses, so the
 * ids carry no foreign keys (an erased account must not rewrite the log).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    actorId: bigint('actor_id', { mode: 'number' }),
    action: text('action').notNull(),
    targetType: text('target_type'),
    targetId: bigint('target_id', { mode: 'number' }),
    /** What the target was called then (a nickname, a plan id, a page), for reading the log later. */
    targetLabel: text('target_label'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('audit_log_created_idx').on(t.createdAt),
    index('audit_log_actor_idx').on(t.actorId, t.id),
    index('audit_log_target_idx').on(t.targetType, t.targetId, t.id),
  ],
);

/**
 * Premium granted by staff (issue 16, audited), apart from paid contracts: premium while a grant is
 * not revoked (payments.service.ts `recomputePremium` reads both). Taking premium revokes grants only;
 * a paid contract ends through its own cancellation.
 */
export const premiumGrants = pgTable(
  'premium_grants',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    grantedBy: bigint('granted_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('premium_grants_user_idx').on(t.userId)],
);
