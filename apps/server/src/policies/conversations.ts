import { FriendStatus } from '@trostnetz/contracts/friendship';
import { and, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { bothSides, involves, isPairOf, type MemberId, sideSql } from '../db/pair-side.ts';
import { type PairRow, partnerships } from '../db/schema/partnerships.ts';
import { type Member, memberColumns, users } from '../db/schema/users.ts';
import { goneColumns, isGone, notHidden, present } from './members.ts';

/**
 * The rules of a pair's conversation (SPEC.md §3/§4, DESIGN.md §5): readable while the pair were
 * befriended once and nobody hid the other (a former partner's history stays); writable and joinable
 * live only while both are befriended, nobody hid the other and the partner's account exists.
 */

/** The pair's row if `me` may read its conversation, with whether the partner's account is deleted. */
export async function readableConversation(
  db: Db,
  me: number,
  partner: number,
): Promise<(PairRow & { partnerDeleted: boolean }) | undefined> {
  const [row] = await db
    .select({ pair: partnerships, ...goneColumns })
    .from(partnerships)
    .innerJoin(users, eq(users.id, partner))
    .where(
      and(
        isPairOf(me, partner),
        isNotNull(partnerships.befriendedAt),
        notHidden(me, sql`${partner}::bigint`),
      ),
    );
  return row && { ...row.pair, partnerDeleted: isGone(row) };
}

/**
 * SQL over `partnerships` joined with the partner's `users` row: `me` may write to `partner` now. The
 * chat's hot path puts it inside its one insert statement.
 */
export const mayWrite = (me: MemberId, partner: MemberId): SQL =>
  and(
    isPairOf(me, partner),
    bothSides(FriendStatus.befriended),
    present,
    notHidden(me, sql`${partner}::bigint`),
  )!;

/** Whether `me` may write to `partner` now (the same rule as `mayWrite`, asked on its own). */
export async function mayWriteNow(db: Db, me: number, partner: number): Promise<boolean> {
  // Stryker disable ObjectLiteral: equivalent, a row without columns still says that the pair exists
  const [row] = await db
    .select({ id: partnerships.id })
    .from(partnerships)
    .innerJoin(users, eq(users.id, partner))
    .where(mayWrite(me, partner));
  // Stryker restore ObjectLiteral
  return Boolean(row);
}

/**
 * Read receipts between two members (issue 13, as messengers do): shown only while both have them on;
 * one who switched them off neither shows their reads nor sees the partner's.
 */
export async function shareReadReceipts(db: Db, a: number, b: number): Promise<boolean> {
  const rows = await db
    .select({ on: users.chatReadReceipts })
    .from(users)
    .where(inArray(users.id, [a, b]));
  return rows.length === (a === b ? 1 : 2) && rows.every((r) => r.on);
}

/** A conversation's live channel is open to both partners while they are befriended and nobody hid the other. */
export async function mayJoinConversation(db: Db, me: number, chatId: number): Promise<boolean> {
  // Stryker disable ObjectLiteral: equivalent, a row without columns still says that the pair exists
  const [row] = await db
    .select({ id: partnerships.id })
    .from(partnerships)
    .where(
      and(
        eq(partnerships.id, chatId),
        involves(me),
        bothSides(FriendStatus.befriended),
        notHidden(me, sideSql(me).other),
      ),
    );
  // Stryker restore ObjectLiteral
  return Boolean(row);
}

/**
 * `me`'s befriended partner (also a deleted account, or one who started the questionnaire again), whom
 * `me` may still remove although they are no longer a visible member.
 */
export async function befriendedPartner(db: Db, me: number, otherId: number): Promise<Member | undefined> {
  const [row] = await db
    .select({ user: memberColumns })
    .from(users)
    .innerJoin(partnerships, and(isPairOf(me, otherId), bothSides(FriendStatus.befriended)))
    .where(and(eq(users.id, otherId), notHidden(me, users.id)));
  return row?.user;
}
