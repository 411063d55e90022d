import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from './users.ts';

type Texts = { de: string; en: string };

/** PostgreSQL `bit varying`, read and written as a string of 0 and 1. */
const varbit = customType<{ data: string }>({ dataType: () => 'bit varying' });

export const questionnaireQuestions = pgTable('questionnaire_questions', {
  key: text('key').primaryKey(),
  version: integer('version').notNull(),
  position: integer('position').notNull(),
  step: integer('step').notNull(),
  kind: text('kind', { enum: ['single', 'multi', 'text'] }).notNull(),
  required: boolean('required').notNull(),
  weight: integer('weight').notNull().default(0),
  filter: text('filter'),
  role: text('role', { enum: ['seeker', 'supporter'] }),
  maxLength: integer('max_length'),
  title: jsonb('title').$type<Texts>().notNull(),
  help: jsonb('help').$type<Texts | null>(),
  /** Set for health data: the generic line shown instead of the exact shared answer until partners. */
  sensitiveSummary: jsonb('sensitive_summary').$type<Texts | null>(),
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

export const questionnaireOptions = pgTable(
  'questionnaire_options',
  {
    questionKey: text('question_key')
      .notNull()
      .references(() => questionnaireQuestions.key, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    position: integer('position').notNull(),
    label: jsonb('label').$type<Texts>().notNull(),
  },
  (t) => [primaryKey({ columns: [t.questionKey, t.key] })],
);

export const questionnaireAnswers = pgTable(
  'questionnaire_answers',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    questionKey: text('question_key')
      .notNull()
      .references(() => questionnaireQuestions.key, { onDelete: 'cascade' }),
    optionKeys: text('option_keys').array().notNull().default(sql`'{}'::text[]`),
    textValue: text('text_value'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.questionKey] })],
);

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

/**
 * One row per unordered pair (user_low < user_high) with friend_status from each side's view
 * (0 sent, 1 received, 2 befriended, 3 none), suggestion state per side and the shared answers.
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
    statusLow: smallint('status_low').notNull().default(3),
    statusHigh: smallint('status_high').notNull().default(3),
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
