import { isHasSeenElement, type User } from '@trostnetz/contracts/user';
import type { users } from '../../db/schema/users.ts';

export type UserRow = typeof users.$inferSelect;

/** The User of SPEC.md §3. A super admin counts as premium (SPEC.md §6). */
export function presentUser(row: UserRow, permissions: string[]): User {
  const premiumActive = row.isPremium && (!row.premiumUntil || row.premiumUntil.getTime() > Date.now());
  return {
    id: row.id,
    email: row.email,
    nickname: row.nickname,
    avatar: row.avatar || null,
    about: row.about,
    locale: row.locale,
    is_verified: row.isVerified,
    is_premium: premiumActive || row.isSuperAdmin,
    is_super_admin: row.isSuperAdmin,
    matching_status: row.matchingStatus,
    matching_step: row.matchingStep,
    // Keys from before the fixed list existed are left out (they go at the next has-seen write).
    has_seen: row.hasSeen.filter(isHasSeenElement),
    permissionsViaRoles: permissions,
    created_at: row.createdAt.toISOString(),
  };
}
