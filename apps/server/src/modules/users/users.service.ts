import type { Locale } from '@trostnetz/contracts/messages';
import { HAS_SEEN_ELEMENTS, type HasSeenElement } from '@trostnetz/contracts/user';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { permissionRole, permissions, roleUser, users } from '../../db/schema/users.ts';
import { presentUser, type UserRow } from './users.presenter.ts';

export async function findActiveUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(sql`lower(${users.email}) = ${email.toLowerCase()}`, isNull(users.deletedAt)));
  return row;
}

export async function findActiveUser(db: Db, id: number): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

export async function permissionNames(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ name: permissions.name })
    .from(roleUser)
    .innerJoin(permissionRole, eq(permissionRole.roleId, roleUser.roleId))
    .innerJoin(permissions, eq(permissions.id, permissionRole.permissionId))
    .where(eq(roleUser.userId, userId));
  return rows.map((r) => r.name).sort();
}

export async function userView(db: Db, row: UserRow) {
  return presentUser(row, await permissionNames(db, row.id));
}

export interface NewUser {
  email: string;
  passwordHash: string;
  nickname: string;
  locale: Locale;
  verified?: boolean;
  superAdmin?: boolean;
  termsAccepted?: boolean;
}

export async function insertUser(db: Db, u: NewUser): Promise<UserRow> {
  const now = new Date();
  const [row] = await db
    .insert(users)
    .values({
      email: u.email.toLowerCase(),
      passwordHash: u.passwordHash,
      nickname: u.nickname,
      locale: u.locale,
      isVerified: u.verified ?? false,
      emailVerifiedAt: u.verified ? now : null,
      isSuperAdmin: u.superAdmin ?? false,
      termsAcceptedAt: u.termsAccepted ? now : null,
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new EmailTakenError();
  return row;
}

export class EmailTakenError extends Error {}

export async function touchLastSeen(db: Db, userId: number) {
  await db.update(users).set({ lastSeenAt: new Date() }).where(eq(users.id, userId));
}

/** Adds an element key once, keeping only keys of the fixed list (older stray keys go); answers the list. */
export async function addHasSeen(db: Db, userId: number, element: HasSeenElement): Promise<string[]> {
  const known = `{${HAS_SEEN_ELEMENTS.join(',')}}`;
  const added = sql`case when ${element} = any(${users.hasSeen}) then ${users.hasSeen} else array_append(${users.hasSeen}, ${element}::text) end`;
  const [row] = await db
    .update(users)
    .set({
      hasSeen: sql`array(select k from unnest(${added}) with ordinality as u(k, n)
        where k = any(${known}::text[]) order by n)`,
      updatedAt: new Date(),
    })
    .where(eq(users.id, userId))
    .returning({ hasSeen: users.hasSeen });
  return row?.hasSeen ?? [];
}

export async function markVerified(db: Db, userId: number) {
  await db
    .update(users)
    .set({ isVerified: true, emailVerifiedAt: new Date(), updatedAt: new Date() })
    .where(and(eq(users.id, userId), eq(users.isVerified, false)));
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}
