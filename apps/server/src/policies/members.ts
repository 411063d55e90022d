import { and, eq, isNull, lt, ne, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.ts';
import { isPairOf, type MemberId } from '../db/pair-side.ts';
import { suspensions } from '../db/schema/moderation.ts';
import { partnerships } from '../db/schema/partnerships.ts';
import { blocks } from '../db/schema/safety.ts';
import { type Member, memberColumns, users } from '../db/schema/users.ts';

/** SPEC.md §2/§3: onboarding is done once matching_step is negative. */
export const isOnboarded = (member: Pick<Member, 'matchingStep'>) => member.matchingStep < 0;

/**
 * One rule for an account that is gone for others: erased, or its owner asked to delete it (grace
 * period). Others see it as deleted at once (SPEC.md §3), it drops out of suggestions, lists and chats.
 */
export const isGone = (member: Pick<Member, 'deletedAt' | 'deletionRequestedAt'>) =>
  Boolean(member.deletedAt || member.deletionRequestedAt);

/** SQL over `users`: the account is not gone (the condition of `isGone`, negated). */
export const present: SQL = and(isNull(users.deletedAt), isNull(users.deletionRequestedAt))!;

/** The columns `isGone` and `shownAs` read, for selects that pick columns. */
export const goneColumns = { deletedAt: users.deletedAt, deletionRequestedAt: users.deletionRequestedAt };

/** SPEC.md §3: what others see of an account: a deleted one has an empty nickname and no picture. */
export const shownAs = (member: Pick<Member, 'nickname' | 'avatar' | 'deletedAt' | 'deletionRequestedAt'>) =>
  isGone(member)
    ? { nickname: '', avatar: null }
    : { nickname: member.nickname, avatar: member.avatar || null };

/** SQL condition: neither member has hidden the other (DESIGN.md §5: every query checks the block list). */
export function notHidden(me: MemberId, other: AnyPgColumn | SQL): SQL {
  return sql`not exists (select 1 from ${blocks} b where (b.blocker_id = ${me} and b.blocked_id = ${other})
    or (b.blocker_id = ${other} and b.blocked_id = ${me}))`;
}

/** SQL: the ids of everyone `me` hid or who hid `me` (the same rule as notHidden, as a set for `<> all(…)`). */
export function hiddenEitherWay(me: number): SQL {
  return sql`select b.blocked_id from ${blocks} b where b.blocker_id = ${me}
    union all select b.blocker_id from ${blocks} b where b.blocked_id = ${me}`;
}

/**
 * SQL: the member `id` is not suspended now (no running, unlifted suspension). A suspension takes the member
 * out of suggestions and new requests until it ends; what they wrote before stays with their partners.
 */
export function notSuspended(id: AnyPgColumn | SQL): SQL {
  return sql`not exists (select 1 from ${suspensions} s where s.user_id = ${id}
    and s.lifted_at is null and s.until > now())`;
}

/** SQL over `users`: an account in use, verified and onboarded (what others may ever see of anyone). */
export const activeMember: SQL = and(present, eq(users.isVerified, true), lt(users.matchingStep, 0))!;

/**
 * SQL over `users`: a member `viewer` may see: not oneself, an active member and not hidden in either
 * direction. Anything else is "not found" (DESIGN.md §5).
 */
export const visibleTo = (viewer: number): SQL =>
  and(ne(users.id, viewer), activeMember, notHidden(viewer, users.id))!;

export async function visibleMember(db: Db, viewer: number, otherId: number): Promise<Member | undefined> {
  const [row] = await db
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.id, otherId), visibleTo(viewer)));
  return row;
}

/**
 * Someone `me` knows: a visible member, anyone paired with them once (suggestion, request, partner,
 * former partner, also after the other hid `me` or deleted the account), or someone `me` already hid.
 * Hiding works for exactly these; for anyone else the answer is the one for an id that does not exist.
 */
export async function knownMember(db: Db, me: number, otherId: number): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, otherId),
        or(
          visibleTo(me),
          sql`exists (select 1 from ${partnerships} where ${isPairOf(me, otherId)})`,
          sql`exists (select 1 from ${blocks} b where b.blocker_id = ${me} and b.blocked_id = ${otherId})`,
        ),
      ),
    );
  return row;
}
