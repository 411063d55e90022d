import type { User } from '@trostnetz/contracts/user';

/**
 * A verified member who finished onboarding; override what a test needs. Like the server, a super
 * admin is premium (SPEC.md §6: the server's is_premium says so, the web app never decides it).
 */
export function buildUser(overrides: Partial<User> = {}): User {
  const user: User = {
    id: 7,
    email: 'anna@example.org',
    nickname: 'Anna',
    avatar: null,
    about: null,
    locale: 'de',
    is_verified: true,
    is_premium: false,
    is_super_admin: false,
    matching_status: true,
    matching_step: -1,
    has_seen: [],
    permissionsViaRoles: [],
    created_at: '2025-01-15T10:00:00.000Z',
    ...overrides,
  };
  return { ...user, is_premium: user.is_premium || user.is_super_admin };
}
