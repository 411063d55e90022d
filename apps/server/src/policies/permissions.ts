import type { Permission } from '@trostnetz/contracts/permissions';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type Member, permissionRole, permissions, roleUser } from '../db/schema/users.ts';

/** SPEC.md §3 permissionsViaRoles: the union of the permission names of the member's roles. */
export async function permissionsViaRoles(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: permissions.name })
    .from(roleUser)
    .innerJoin(permissionRole, eq(permissionRole.roleId, roleUser.roleId))
    .innerJoin(permissions, eq(permissions.id, permissionRole.permissionId))
    .where(eq(roleUser.userId, userId));
  return rows.map((r) => r.name).sort();
}

/** SPEC.md §6: a super admin is allowed everything; anyone else what their roles grant. */
export async function hasPermission(
  db: Db,
  member: Pick<Member, 'id' | 'isSuperAdmin'>,
  name: Permission,
): Promise<boolean> {
  return member.isSuperAdmin || (await permissionsViaRoles(db, member.id)).includes(name);
}
