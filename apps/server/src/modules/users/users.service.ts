import type { Locale } from '@trostnetz/contracts/messages';
import { HAS_SEEN_ELEMENTS, type HasSeenElement } from '@trostnetz/contracts/user';
import { and, desc, eq, isNull, lt, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { type Member, memberColumns, type UserRow, users } from '../../db/schema/users.ts';
import { permissionsViaRoles } from '../../policies/permissions.ts';
import { presentUser } from './users.presenter.ts';

const sameAddress = (email: string) => sql`lower(${users.email}) = ${email.toLowerCase()}`;

/**
 * The accounts an address may sign in to: its verified account alone if there is one, else up to
 * `limit` unverified ones, newest first (issue 9 item 4: an address can have several sign-ups).
 */
export async function accountsByEmail(db: Db, email: string, limit: number): Promise<UserRow[]> {
  const rows = await db
    .select()
    .from(users)
    .where(and(sameAddress(email), isNull(users.deletedAt)))
    .orderBy(desc(users.isVerified), desc(users.createdAt), desc(users.id))
    .limit(limit);
  return rows[0]?.isVerified ? [rows[0]] : rows;
}

/** The verified account that holds an address, if any. */
export async function verifiedAccountByEmail(db: Db, email: string): Promise<Member | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .where(and(sameAddress(email), eq(users.isVerified, true), isNull(users.deletedAt)));
  return row;
}

/**
 * The language of a mail to an address: the account's when the address belongs to one (a guest's form
 * sent with a member's address included), else the language the page was in.
 */
export async function mailLocale(db: Db, email: string, pageLocale: Locale): Promise<Locale> {
  const [account] = await accountsByEmail(db, email, 1);
  return account?.locale ?? pageLocale;
}

export async function findActiveUser(db: Db, id: number): Promise<Member | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)));
  return row;
}

export async function userView(db: Db, row: Member) {
  return presentUser(row, await permissionsViaRoles(db, row.id));
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

export async function insertUser(db: Db, u: NewUser): Promise<Member> {
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
    .returning(memberColumns);
  if (!row) throw new EmailTakenError();
  return row;
}

/** A verified account already holds the address (only inserting a verified account can meet this). */
export class EmailTakenError extends Error {}

export async function touchLastSeen(db: Db, userId: number, now = new Date()) {
  await db.update(users).set({ lastSeenAt: now }).where(eq(users.id, userId));
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

/**
 * Verifies the account and makes the address its own: refused (false) while another verified account
 * holds the address; the other unverified sign-ups with it are deleted. Two at once: one wins (the
 * unique index on verified addresses decides).
 */
export async function verifyAndClaimAddress(db: Db, user: Pick<Member, 'id' | 'email'>): Promise<boolean> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set({ isVerified: true, emailVerifiedAt: new Date(), updatedAt: new Date() })
        .where(
          and(
            eq(users.id, user.id),
            eq(users.isVerified, false),
            isNull(users.deletedAt),
            sql`not exists (select 1 from ${users} o where lower(o.email) = ${user.email.toLowerCase()}
              and o.is_verified and o.deleted_at is null)`,
          ),
        )
        .returning({ id: users.id });
      if (!row) return false;
      await tx
        .delete(users)
        .where(and(sameAddress(user.email), eq(users.isVerified, false), ne(users.id, user.id)));
      return true;
    });
  } catch (err) {
    if (lostRace(err)) return false;
    throw err;
  }
}

/**
 * The other verification won: the unique index refused ours (23505), or both deleted each other's
 * unverified row and PostgreSQL aborted ours as the deadlock's victim (40P01).
 */
const lostRace = (err: unknown): boolean => {
  const code = (err as { code?: string })?.code ?? (err as { cause?: { code?: string } })?.cause?.code;
  return code === '23505' || code === '40P01';
};

/**
 * Claims the right to tell an address's owner about a sign-up attempt: true at most once per
 * `intervalSec` per owner, on every node (the owner's inbox is not a channel for others to flood).
 */
export async function claimAddressNotice(db: Db, ownerId: number, intervalSec: number): Promise<boolean> {
  const now = new Date();
  const rows = await db
    .update(users)
    .set({ addressNoticeAt: now })
    .where(
      and(
        eq(users.id, ownerId),
        or(
          isNull(users.addressNoticeAt),
          lte(users.addressNoticeAt, new Date(now.getTime() - intervalSec * 1000)),
        ),
      ),
    )
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Deletes unverified accounts created before `cutoff`; answers their ids. */
export async function deleteUnverifiedBefore(db: Db, cutoff: Date): Promise<number[]> {
  const rows = await db
    .delete(users)
    .where(and(eq(users.isVerified, false), lt(users.createdAt, cutoff)))
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

/** The member's password hash, read only where a password is checked (a request's member does not carry it). */
export async function passwordHashOf(db: Db, userId: number): Promise<string> {
  const [row] = await db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.hash ?? '';
}

export async function setPasswordHash(db: Db, userId: number, passwordHash: string) {
  await db.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, userId));
}
