import { sql } from 'drizzle-orm';
import { bigint, boolean, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

type Texts = { de: string; en: string };

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
