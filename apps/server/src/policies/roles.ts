import { PERMISSIONS, type Permission } from '@trostnetz/contracts/permissions';
import { and, eq, isNull, ne, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { type Member, permissionRole, permissions, roles, roleUser, users } from '../db/schema/users.ts';
import { AppError } from '../lib/app-error.ts';
import { permissionsViaRoles } from './permissions.ts';

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

/**
 * The rank of a set of permissions among staff (docs/decisions/031-no-rank-between-staff.md): 3 who may
 * assign roles (admin), 2 who may suspend or decide (moderator), 1 any other permission (support), 0 none
 * (a member). A role added later ranks by what it holds.
 */
export function rankOf(held: readonly string[]): number {
  if (held.includes('roles.assign')) return 3;
  if (held.some((p) => p === 'members.suspend' || p === 'reports.decide' || p === 'appeals.decide')) return 2;
  return held.length > 0 ? 1 : 0;
}

/** A super admin ranks above every role (4). */
export async function staffRank(db: Db, member: Pick<Member, 'id' | 'isSuperAdmin'>): Promise<number> {
  return member.isSuperAdmin ? 4 : rankOf(await permissionsViaRoles(db, member.id));
}

/**
 * Staff act on members and on staff of lower rank only, and never on themselves (403 staff_rank). Super
 * admins, with nobody above them, may act on each other (so one can be removed at all), never on themselves.
 */
export async function assertMayActOn(
  db: Db,
  staff: Pick<Member, 'id' | 'isSuperAdmin'>,
  target: Pick<Member, 'id' | 'isSuperAdmin'>,
) {
  if (staff.id === target.id) throw new AppError('staff_rank');
  const theirs = await staffRank(db, target);
  if (theirs === 0 || (staff.isSuperAdmin && target.isSuperAdmin)) return;
  if (theirs >= (await staffRank(db, staff))) throw new AppError('staff_rank');
}

/** Roles may be given only below one's own rank (a super admin gives any): nobody makes a peer or a superior. */
export async function assertMayGrant(db: Db, staff: Pick<Member, 'id' | 'isSuperAdmin'>, names: RoleName[]) {
  if (staff.isSuperAdmin) return;
  const mine = await staffRank(db, staff);
  if (names.some((n) => rankOf(ROLE_PERMISSIONS[n]) >= mine)) throw new AppError('staff_rank');
}

/** 409 last_super_admin when `member` is the only super admin left whose account is not gone. */
export async function assertNotLastSuperAdmin(db: Db, member: Pick<Member, 'id' | 'isSuperAdmin'>) {
  if (!member.isSuperAdmin) return;
  const [other] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.isSuperAdmin, true),
        ne(users.id, member.id),
        isNull(users.deletedAt),
        isNull(users.deletionRequestedAt),
      ),
    )
    .limit(1);
  if (!other) throw new AppError('last_super_admin');
}
