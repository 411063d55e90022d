import { bigint, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/** Where a member came from (SPEC.md §3 attribution cookie), stored at registration with consent. */
export const signupAttributions = pgTable('signup_attributions', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  referrer: text('referrer'),
  referringDomain: text('referring_domain'),
  utmSource: text('utm_source'),
  utmMedium: text('utm_medium'),
  utmCampaign: text('utm_campaign'),
  utmContent: text('utm_content'),
  utmKeyword: text('utm_keyword'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
