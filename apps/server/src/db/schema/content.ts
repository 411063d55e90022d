import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Every version of every page per language; the highest version is the current one (issue 15). */
export const contentPages = pgTable(
  'content_pages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    locale: text('locale', { enum: ['de', 'en'] }).notNull(),
    version: integer('version').notNull(),
    title: text('title').notNull(),
    intro: text('intro').notNull().default(''),
    body: text('body').notNull(),
    /** The staff member who published it; null for the seeded text or once their account is erased. */
    createdBy: bigint('created_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('content_pages_version_idx').on(t.slug, t.locale, t.version)],
);

/** The FAQ per language, in order; `anchor` is shared by the languages of one answer. */
export const faqEntries = pgTable(
  'faq_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    locale: text('locale', { enum: ['de', 'en'] }).notNull(),
    topic: text('topic').notNull(),
    topicAnchor: text('topic_anchor').notNull(),
    position: integer('position').notNull(),
    anchor: text('anchor').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('faq_entries_anchor_idx').on(t.locale, t.anchor),
    index('faq_entries_order_idx').on(t.locale, t.position),
  ],
);
