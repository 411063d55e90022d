import { isHasSeenElement, type User } from '@trostnetz/contracts/user';
import type { Member } from '../../db/schema/users.ts';
import { isPremium } from '../../policies/premium.ts';

/** The User of SPEC.md §3; `is_premium` is the premium policy's answer (a super admin counts). */
export function presentUser(row: Member, permissions: string[]): User {
  return {
    id: row.id,
    email: row.email,
    nickname: row.nickname,
    avatar: row.avatar || null,
    about: row.about,
    locale: row.locale,
    is_verified: row.isVerified,
    is_premium: isPremium(row),
    is_super_admin: row.isSuperAdmin,
    matching_status: row.matchingStatus,
    matching_step: row.matchingStep,
    // Keys from before the fixed list existed are left out (they go at the next has-seen write).
    has_seen: row.hasSeen.filter(isHasSeenElement),
    permissionsViaRoles: permissions,
    created_at: row.createdAt.toISOString(),
  };
}
