import { and, eq, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { partnerships } from '../../db/schema/matching.ts';
import { blocks } from '../../db/schema/safety.ts';
import { users } from '../../db/schema/users.ts';
import type { UserRow } from '../users/users.presenter.ts';

/** SQL condition: neither member has hidden the other (DESIGN.md §5: every query checks the block list). */
export function notHidden(me: number, other: AnyPgColumn | SQL): SQL {
  return sql`not exists (select 1 from ${blocks} b where (b.blocker_id = ${me} and b.blocked_id = ${other})
    or (b.blocker_id = ${other} and b.blocked_id = ${me}))`;
}

/**
 * Another member as `viewer` may see them: not oneself, not deleted, verified, onboarded and not
 * hidden in either direction. Anything else is "not found" (DESIGN.md §5).
 */
export async function visibleMember(db: Db, viewer: number, otherId: number): Promise<UserRow | undefined> {
  if (viewer === otherId) return undefined;
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.id, otherId),
        isNull(users.deletedAt),
        eq(users.isVerified, true),
        lt(users.matchingStep, 0),
        notHidden(viewer, users.id),
      ),
    );
  return row;
}

/**
 * Someone `me` knows: a visible member, anyone paired with them once (suggestion, request, partner,
 * former partner, also after the other hid `me` or deleted the account), or someone `me` already hid.
 * Hiding works for exactly these; for anyone else the answer is the one for an id that does not exist.
 */
export async function knownMember(db: Db, me: number, otherId: number): Promise<{ id: number } | undefined> {
  if (me === otherId) return undefined;
  const low = Math.min(me, otherId);
  const high = Math.max(me, otherId);
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, otherId),
        or(
          and(
            isNull(users.deletedAt),
            eq(users.isVerified, true),
            lt(users.matchingStep, 0),
            notHidden(me, users.id),
          ),
          sql`exists (select 1 from ${partnerships} p where p.user_low = ${low} and p.user_high = ${high})`,
          sql`exists (select 1 from ${blocks} b where b.blocker_id = ${me} and b.blocked_id = ${otherId})`,
        ),
      ),
    );
  return row;
}

/** The user row of `me`'s befriended partner (also a deleted account), or undefined. */
export async function befriendedPartner(db: Db, me: number, otherId: number): Promise<UserRow | undefined> {
  if (me === otherId) return undefined;
  const [row] = await db
    .select({ user: users })
    .from(users)
    .innerJoin(
      partnerships,
      and(
        eq(partnerships.userLow, Math.min(me, otherId)),
        eq(partnerships.userHigh, Math.max(me, otherId)),
        eq(partnerships.statusLow, 2),
        eq(partnerships.statusHigh, 2),
      ),
    )
    .where(and(eq(users.id, otherId), notHidden(me, users.id)));
  return row?.user;
}
