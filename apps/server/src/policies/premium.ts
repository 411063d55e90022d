import type { UserRow } from '../db/schema/users.ts';

/**
 * SPEC.md §6: premium while a plan runs (no end date, or one in the future); a super admin counts as
 * premium. The User's `is_premium` says this, so the web app never decides it again.
 */
export const isPremium = (
  member: Pick<UserRow, 'isPremium' | 'premiumUntil' | 'isSuperAdmin'>,
  now: Date = new Date(),
): boolean =>
  member.isSuperAdmin ||
  (member.isPremium && (!member.premiumUntil || member.premiumUntil.getTime() > now.getTime()));
