import { bigint, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Customer-service requests (issue 15); guests' carry no user. Answered in the admin console. */
export const supportRequests = pgTable(
  'support_requests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    reference: text('reference').notNull().unique(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
    topic: text('topic', {
      enum: ['question', 'technical', 'premium', 'safety', 'privacy', 'crisis'],
    }).notNull(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    locale: text('locale', { enum: ['de', 'en'] }).notNull(),
    status: text('status', { enum: ['open', 'answered', 'closed'] })
      .notNull()
      .default('open'),
    answer: text('answer'),
    answeredBy: bigint('answered_by', { mode: 'number' }).references(() => users.id, {
      onDelete: 'set null',
    }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_requests_user_idx').on(t.userId, t.createdAt),
    index('support_requests_status_idx').on(t.status, t.createdAt),
  ],
);
