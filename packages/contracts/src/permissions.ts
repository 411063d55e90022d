/**
 * Every permission a role can grant (SPEC.md §6 permissionsViaRoles; why these:
 * docs/decisions/008-roles-and-permissions.md). The server checks them (`requirePermission`), the web
 * app only shows or hides; a super admin holds all of them. A new one is one entry here and one line
 * in the roles that get it (apps/server/src/policies/roles.ts).
 */
export const PERMISSIONS = [
  'members.view',
  'members.suspend',
  'members.delete',
  'roles.assign',
  'reports.view',
  'reports.decide',
  'appeals.decide',
  'content.edit',
  'support.answer',
  'groups.manage',
  'plans.manage',
  'audit.view',
  'stats.view',
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const isPermission = (name: string): name is Permission =>
  (PERMISSIONS as readonly string[]).includes(name);
