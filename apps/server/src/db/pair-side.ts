import { FriendStatus, type FriendStatus as Status } from '@trostnetz/contracts/friendship';
import { and, eq, or, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { type PairRow, partnerships as p } from './schema/partnerships.ts';

/**
 * The one way to read and write a member's side of a pair. A pair is stored once, user_low < user_high,
 * and every per-side column comes twice (status, suggested, dismissed); which one is `me`'s depends on
 * whether `me` is the low or the high member. The SQL forms refer to the `partnerships` table by its
 * own name, so they work in any query that selects from it without an alias.
 */

export const pairKey = (a: number, b: number) => ({ low: Math.min(a, b), high: Math.max(a, b) });

/** A member id, or a placeholder for one in a prepared statement (db/prepared.ts). */
export type MemberId = number | Placeholder;

/** SQL: the row is the pair of `a` and `b` (its unique index). */
export const isPairOf = (a: MemberId, b: MemberId): SQL => {
  if (typeof a !== 'number' || typeof b !== 'number') {
    // Placeholders: the order is known only when the statement runs.
    return sql`${p.userLow} = least(${a}::bigint, ${b}::bigint) and ${p.userHigh} = greatest(${a}::bigint, ${b}::bigint)`;
  }
  const { low, high } = pairKey(a, b);
  return and(eq(p.userLow, low), eq(p.userHigh, high))!;
};

/** SQL: the row is the pair of `me` and a column's member (e.g. `users.id` of the outer query). */
export const isPairWith = (me: number, other: AnyPgColumn | SQL): SQL =>
  sql`${p.userLow} = least(${me}::bigint, ${other}) and ${p.userHigh} = greatest(${me}::bigint, ${other})`;

/** SQL: `me` is one of the pair (both indexes). */
export const involves = (me: number): SQL => or(eq(p.userLow, me), eq(p.userHigh, me))!;

/** SQL: both sides have this status (befriended, none). */
export const bothSides = (status: Status): SQL => and(eq(p.statusLow, status), eq(p.statusHigh, status))!;

/**
 * SQL: one asked the other and no answer came yet, also when the request is held from its recipient
 * (their side says none): for the requester both are the same, and both end alike.
 */
export const pendingPair: SQL = or(
  and(eq(p.statusLow, FriendStatus.sent), eq(p.statusHigh, FriendStatus.received)),
  and(eq(p.statusLow, FriendStatus.received), eq(p.statusHigh, FriendStatus.sent)),
  and(
    eq(p.requestHeld, true),
    or(
      and(eq(p.statusLow, FriendStatus.sent), eq(p.statusHigh, FriendStatus.none)),
      and(eq(p.statusLow, FriendStatus.none), eq(p.statusHigh, FriendStatus.sent)),
    ),
  ),
)!;

/** A request held from its recipient by their "who may reach me" choices, still waiting (see `pendingPair`). */
export const isHeldRequest = (row: PairRow) =>
  row.requestHeld &&
  row.requestedBy !== null &&
  sideOf(row, row.requestedBy).status === FriendStatus.sent &&
  sideOf(row, row.requestedBy).theirStatus === FriendStatus.none;

/** SQL expressions of `me`'s side of the row: the other member, the two statuses, `me`'s suggestion state. */
export function sideSql(me: number | SQL) {
  const pick = <T>(low: AnyPgColumn, high: AnyPgColumn) =>
    sql<T>`(case when ${p.userLow} = ${me} then ${low} else ${high} end)`;
  return {
    other: pick<number>(p.userHigh, p.userLow),
    status: pick<Status>(p.statusLow, p.statusHigh),
    theirStatus: pick<Status>(p.statusHigh, p.statusLow),
    suggestedAt: pick<Date | null>(p.suggestedLowAt, p.suggestedHighAt),
    dismissedAt: pick<Date | null>(p.dismissedLowAt, p.dismissedHighAt),
  };
}

/** A row at hand as `me` sees it. */
export function sideOf(row: PairRow, me: number) {
  const low = row.userLow === me;
  return {
    other: low ? row.userHigh : row.userLow,
    status: (low ? row.statusLow : row.statusHigh) as Status,
    theirStatus: (low ? row.statusHigh : row.statusLow) as Status,
    suggested: Boolean(low ? row.suggestedLowAt : row.suggestedHighAt),
    dismissed: Boolean(low ? row.dismissedLowAt : row.dismissedHighAt),
  };
}

interface SideValues {
  status?: Status;
  suggestedAt?: Date | null;
  dismissedAt?: Date | null;
}

/**
 * Column values for an insert or update of the pair of `me` and `other`, given per side: `mine` goes
 * into `me`'s columns, `theirs` into the other's.
 */
export function sideColumns(me: number, other: number, mine: SideValues, theirs: SideValues = {}) {
  const [low, high] = me < other ? [mine, theirs] : [theirs, mine];
  const columns: Partial<typeof p.$inferInsert> = {};
  if (low.status !== undefined) columns.statusLow = low.status;
  if (high.status !== undefined) columns.statusHigh = high.status;
  if (low.suggestedAt !== undefined) columns.suggestedLowAt = low.suggestedAt;
  if (high.suggestedAt !== undefined) columns.suggestedHighAt = high.suggestedAt;
  if (low.dismissedAt !== undefined) columns.dismissedLowAt = low.dismissedAt;
  if (high.dismissedAt !== undefined) columns.dismissedHighAt = high.dismissedAt;
  return columns;
}

/**
 * `set` values for an update over many pairs of `me` (no single other member): `me`'s column takes
 * the value, the other side's column keeps its own.
 */
export function setMySide(me: number, column: 'suggested' | 'dismissed', value: Date) {
  const [low, high] =
    column === 'suggested' ? [p.suggestedLowAt, p.suggestedHighAt] : [p.dismissedLowAt, p.dismissedHighAt];
  const at = sql`${value.toISOString()}::timestamptz`;
  return {
    [`${column}LowAt`]: sql`case when ${p.userLow} = ${me} then ${at} else ${low} end`,
    [`${column}HighAt`]: sql`case when ${p.userHigh} = ${me} then ${at} else ${high} end`,
  };
}
