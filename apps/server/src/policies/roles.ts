import { PERMISSIONS, type Permission } from '@trostnetz/contracts/permissions';
import { notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { permissionRole, permissions, roles, roleUser } from '../db/schema/users.ts';

/**
 * The roles the app brings and what each may do (docs/decisions/008-roles-and-permissions.md). Seeded
 * at every start: these roles hold exactly these permissions. Roles added later (by an admin) are left
 * alone; a permission removed from the list is removed from every role.
 */
export const ROLE_PERMISSIONS = {
  admin: PERMISSIONS,
  moderator: [
    'members.view',
    'members.suspend',
    'reports.view',
    'reports.decide',
    'appeals.decide',
    'groups.manage',
    'content.edit',
  ],
  support: ['members.view', 'support.answer'],
} as const satisfies Record<string, readonly Permission[]>;

export type RoleName = keyof typeof ROLE_PERMISSIONS;

/** The permissions and the app's own roles' grants as stored, as sorted "role:permission" / "permission" keys. */
async function storedGrants(db: Db, names: RoleName[]): Promise<string[]> {
  const rows = await db.execute(sql`select p.name as permission, r.name as role from ${permissions} p
    left join ${permissionRole} pr on pr.permission_id = p.id
    left join ${roles} r on r.id = pr.role_id and r.name in (${sql.join(
      names.map((n) => sql`${n}`),
      sql`, `,
    )})`);
  const keys = (rows.rows as Array<{ permission: string; role: string | null }>).flatMap((r) =>
    r.role ? [r.permission, `${r.role}:${r.permission}`] : [r.permission],
  );
  return [...new Set(keys)].sort();
}

/**
 * Idempotent: brings permissions and the app's own roles to the lists above, in one transaction. A start
 * that finds them as listed writes nothing (one read; issue 19: restarts in ≤ 3 s).
 */
export async function seedRoles(db: Db) {
  const names = Object.keys(ROLE_PERMISSIONS) as RoleName[];
  const wanted = [
    ...PERMISSIONS,
    ...names.flatMap((role) => ROLE_PERMISSIONS[role].map((p) => `${role}:${p}`)),
  ].sort();
  // Every app role holds at least one permission, so a missing role shows as missing grants.
  if ((await storedGrants(db, names)).join('\n') === wanted.join('\n')) return;
  await db.transaction(async (tx) => {
    await tx
      .insert(permissions)
      .values(PERMISSIONS.map((name) => ({ name })))
      .onConflictDoNothing();
    await tx.delete(permissions).where(notInArray(permissions.name, [...PERMISSIONS]));
    await tx
      .insert(roles)
      .values(names.map((name) => ({ name })))
      .onConflictDoNothing();
    const grants = sql.join(
      names.flatMap((role) => ROLE_PERMISSIONS[role].map((p) => sql`(${role}::text, ${p}::text)`)),
      sql`, `,
    );
    await tx.execute(sql`delete from ${permissionRole} pr using ${roles} r, ${permissions} p
      where pr.role_id = r.id and pr.permission_id = p.id and r.name in (${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )})
        and (r.name, p.name) not in (values ${grants})`);
    await tx.execute(sql`insert into ${permissionRole} (permission_id, role_id)
      select p.id, r.id from (values ${grants}) as g(role, permission)
      join ${roles} r on r.name = g.role join ${permissions} p on p.name = g.permission
      on conflict do nothing`);
  });
}

/** Gives a member a role by name (the admin console of a later issue; tests and the command line today). */
export async function assignRole(db: Db, userId: number, role: RoleName) {
  await db.execute(sql`insert into ${roleUser} (role_id, user_id)
    select r.id, ${userId}::bigint from ${roles} r where r.name = ${role} on conflict do nothing`);
}
