import { bigint, pgTable, timestamp } from 'drizzle-orm/pg-core';

/**
 * Members erased for good, by id only (nothing personal): a restore replays these through the
 * life-cycle registry, so a backup never brings back someone who left (issue 19). No reference to
 * users: the id must outlive everything else about the member.
 */
export const erasureLog = pgTable('erasure_log', {
  memberId: bigint('member_id', { mode: 'number' }).primaryKey(),
  erasedAt: timestamp('erased_at', { withTimezone: true }).notNull().defaultNow(),
});
