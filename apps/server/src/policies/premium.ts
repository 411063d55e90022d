import type { Member } from '../db/schema/users.ts';

/**
 * SPEC.md §6: premium while a plan runs (no end date, or one in the future); a super admin counts as
 * premium. The User's `is_premium` says this, so the web app never decides it again.
 */
export const isPremium = (
  member: Pick<Member, 'isPremium' | 'premiumUntil' | 'isSuperAdmin'>,
  now: Date = new Date(),
): boolean =>
  member.isSuperAdmin ||
  (member.isPremium && (!member.premiumUntil || member.premiumUntil.getTime() > now.getTime()));

type PremiumFields = Pick<Member, 'isPremium' | 'premiumUntil' | 'isSuperAdmin'>;

/** How many friend requests a member may have open at the same time (issue 14: free 3, premium more). */
export const openRequestLimit = (
  member: PremiumFields,
  limits: { free: number; premium: number },
  now: Date = new Date(),
): number => (isPremium(member, now) ? limits.premium : limits.free);

/** Whether partners see the member's supporter badge: premium, and the member has not hidden it. */
export const showsSupporterBadge = (
  member: PremiumFields & Pick<Member, 'showSupporterBadge'>,
  now: Date = new Date(),
): boolean => isPremium(member, now) && member.showSupporterBadge;
