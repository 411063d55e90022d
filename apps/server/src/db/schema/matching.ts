import { sql } from 'drizzle-orm';
import { bigint, boolean, customType, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** PostgreSQL `bit varying`, read and written as a string of 0 and 1. */
const varbit = customType<{ data: string }>({ dataType: () => 'bit varying' });

/**
 * One row per onboarded member, derived from the answers: the hard-filter columns and the scored
 * `tags` ("question:option"), so one member's suggestions are a single indexed query.
 */
export const matchingProfiles = pgTable(
  'matching_profiles',
  {
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
    /** Verified, onboarded, not paused, not deleted: may be suggested to others. */
    active: boolean('active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('matching_profiles_tags_idx').using('gin', t.tags),
    index('matching_profiles_languages_idx').using('gin', t.languages),
    index('matching_profiles_active_idx').on(t.active, t.role),
  ],
);
