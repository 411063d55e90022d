import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  customType,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** PostgreSQL `bit varying`, read and written as a string of 0 and 1. */
const varbit = customType<{ data: string }>({ dataType: () => 'bit varying' });

/**
 * One row per onboarded member, derived from the answers: the hard-filter columns and the scored
 * `tags` ("question:option"). The matcher scans `matching_pool`, copied from here (decision 017).
 */
export const matchingProfiles = pgTable('matching_profiles', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: text('role', { enum: ['seeker', 'supporter'] }).notNull(),
  gender: text('gender'),
  partnerGenders: text('partner_genders').array().notNull().default(sql`'{}'::text[]`),
  ageGroup: text('age_group'),
  partnerAges: text('partner_ages').array().notNull().default(sql`'{}'::text[]`),
  languages: text('languages').array().notNull().default(sql`'{}'::text[]`),
  tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
  /** The tags as bits, each answer as many bits wide as its question's weight: score = bit_count(a & b). */
  tagBits: varbit('tag_bits').notNull().default(sql`B''`),
  // The hard filters packed for the scan (decision 017): bit i stands for the question's i-th option.
  /** The answers of the must_share question (kinds of loss). */
  shareBits: integer('share_bits').notNull().default(0),
  languageBits: integer('language_bits').notNull().default(0),
  /** One bit (or none) over the gender question's options; partner_gender_bits over the same options. */
  genderBits: integer('gender_bits').notNull().default(0),
  partnerGenderBits: integer('partner_gender_bits').notNull().default(0),
  /** One bit (or none) over the age question's options; partner_age_bits over the same options. */
  ageBits: integer('age_bits').notNull().default(0),
  partnerAgeBits: integer('partner_age_bits').notNull().default(0),
  /** Verified, onboarded, not paused, not deleted: may be suggested to others. */
  active: boolean('active').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The pool's list partitions: one per must_share option up to this many; others share the default one. */
export const MATCHING_POOL_PARTITIONS = 16;

/**
 * The members others may be suggested, narrow and split by kind of loss (decision 017): one row per
 * active profile and must_share answer (`share` = the option's bit; -1 for a profile without one), the
 * filter columns of `matching_profiles` packed into integers. The migration makes it a table partitioned
 * by `share` (drizzle-kit cannot say so), so one member's suggestions scan only the partitions of their
 * own kinds of loss. Written only by refreshActive (matching.service.ts), in the same transaction as the
 * profile's `active`.
 */
export const matchingPool = pgTable(
  'matching_pool',
  {
    share: smallint('share').notNull(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => matchingProfiles.userId, { onDelete: 'cascade' }),
    supporter: boolean('supporter').notNull(),
    shareBits: integer('share_bits').notNull(),
    languageBits: integer('language_bits').notNull(),
    genderBits: integer('gender_bits').notNull(),
    partnerGenderBits: integer('partner_gender_bits').notNull(),
    ageBits: integer('age_bits').notNull(),
    partnerAgeBits: integer('partner_age_bits').notNull(),
    tagBits: varbit('tag_bits').notNull(),
    /**
     * The UTC day of the member's last sign of use (last seen, else registered): suggested only while it
     * is recent (ACTIVE_WITHIN_DAYS, decision 026). Moves on the first last-seen ping of a day.
     */
    activeOn: date('active_on', { mode: 'string' }).notNull(),
  },
  // No key with `share`: its column in an index would tempt PGlite, which starts with enable_seqscan off,
  // away from the plain scan of a partition (decision 017). refreshActive keeps one row per answer.
  (t) => [index('matching_pool_user_idx').on(t.userId)],
);

/** The pool's tables as the catalogue lists them: the partitioned table and each partition. */
export const matchingPoolTables = [
  'matching_pool',
  ...Array.from({ length: MATCHING_POOL_PARTITIONS }, (_, k) => `matching_pool_${k}`),
  'matching_pool_default',
] as const;
