import { FriendStatus } from '@trostnetz/contracts/friendship';
import type { NarrowingWish } from '@trostnetz/contracts/partners';
import { and, eq, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import {
  bothSides,
  involves,
  isPairOf,
  pairKey,
  setMySide,
  sideColumns,
  sideSql,
} from '../../db/pair-side.ts';
import { matchingPool, matchingProfiles } from '../../db/schema/matching.ts';
import { partnerships } from '../../db/schema/partnerships.ts';
import { type Member, users } from '../../db/schema/users.ts';
import { activeMember, hiddenEitherWay, notSuspended } from '../../policies/members.ts';
import { isPremium } from '../../policies/premium.ts';
import { answersOf, loadQuestionnaire } from '../questionnaire/questionnaire.service.ts';
import { profileFromAnswers } from './match-profile.ts';

export const FREE_SUGGESTIONS = 3;
export const PREMIUM_SUGGESTIONS = 10;

/**
 * Only members who were active recently are suggested, so nobody waits on someone who left (the original
 * product's rule, decision 026). Active means a sign of use: the app's last-seen ping (every 60 s while a
 * page is visible, SPEC.md §7), or the registration while no ping came yet. Counted in whole UTC days: a
 * member last seen on the day 60 days before today is still suggested, one seen 61 days before is not.
 */
export const ACTIVE_WITHIN_DAYS = 60;
const DAY_MS = 86_400_000;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

/** The earliest UTC day of last use that still counts as recently active at `now`. */
export const activeSince = (now = new Date()) =>
  utcDay(new Date(now.getTime() - ACTIVE_WITHIN_DAYS * DAY_MS));

/** SQL over `users`: the UTC day of the member's last sign of use. */
const activityDay = sql`(coalesce(${users.lastSeenAt}, ${users.createdAt}) at time zone 'UTC')::date`;

/** SQL over `users`: active within the window at `now` (the same rule as the pool's `active_on`). */
export const recentlyActive = (now = new Date()): SQL => sql`${activityDay} >= ${activeSince(now)}::date`;

/**
 * The member was seen (`seenBefore`: their last sign before this one): on the first of a new UTC day,
 * their pool rows count that day. Once a day at most, so the pings of every minute write nothing here.
 */
export async function markSeen(db: Db, userId: number, seenBefore: Date | null, now = new Date()) {
  const today = utcDay(now);
  // Stryker disable next-line ConditionalExpression: equivalent when false, the update's own guard writes nothing on a day already counted; the check saves the statement
  if (seenBefore && utcDay(seenBefore) === today) return;
  await db
    .update(matchingPool)
    .set({ activeOn: today })
    .where(and(eq(matchingPool.userId, userId), lt(matchingPool.activeOn, today)));
}

export const suggestionLimit = (u: Pick<Member, 'isPremium' | 'isSuperAdmin' | 'premiumUntil'>) =>
  isPremium(u) ? PREMIUM_SUGGESTIONS : FREE_SUGGESTIONS;

/** Rebuilds a member's matching profile from the answers (after onboarding or a reset). */
export async function rebuildProfile(db: Db, userId: number) {
  const values = profileFromAnswers(await loadQuestionnaire(db), await answersOf(db, userId));
  // Stryker disable BooleanLiteral: equivalent, refreshActive below sets `active` in the same call
  await db
    .insert(matchingProfiles)
    .values({ userId, ...values, active: false })
    .onConflictDoUpdate({ target: matchingProfiles.userId, set: { ...values, updatedAt: new Date() } });
  // Stryker restore BooleanLiteral
  await refreshActive(db, userId);
}

/**
 * Whether others may be suggested this member (verified, onboarded, not paused, not deleted), and their
 * rows in the matching pool, in one transaction: the next suggestions of everyone else see the change.
 * `'everyone'` does the same for every profile at once (generated data, benchmarks).
 */
export async function refreshActive(db: Db, who: number | 'everyone') {
  // Stryker disable next-line ConditionalExpression: equivalent, refreshing everyone also refreshes this member (only slower)
  const scope = (column: SQL | AnyPgColumn) => (who === 'everyone' ? sql`true` : sql`${column} = ${who}`);
  const activeNow = sql`coalesce((select ${and(activeMember, eq(users.matchingStatus, true))} from ${users}
    where ${users.id} = ${matchingProfiles.userId}), false)`;
  await db.transaction(async (tx) => {
    await tx
      .update(matchingProfiles)
      .set({ active: activeNow, updatedAt: new Date() })
      .where(and(scope(matchingProfiles.userId), sql`${matchingProfiles.active} <> ${activeNow}`));
    await tx.delete(matchingPool).where(scope(matchingPool.userId));
    // One row per must_share answer (the partition of that kind of loss), or one with share -1.
    await tx.execute(sql`
      insert into matching_pool (share, user_id, supporter, share_bits, language_bits, gender_bits,
        partner_gender_bits, age_bits, partner_age_bits, tag_bits, active_on)
      select s.share, p.user_id, p.role = 'supporter', p.share_bits, p.language_bits, p.gender_bits,
        p.partner_gender_bits, p.age_bits, p.partner_age_bits, p.tag_bits, ${activityDay}
      from matching_profiles p
      join ${users} on ${users.id} = p.user_id
      cross join lateral (select k from generate_series(0, 30) k where p.share_bits & (1 << k) <> 0
        union all select -1 where p.share_bits = 0) s(share)
      where p.active and ${scope(sql`p.user_id`)}`);
  });
}

export interface Candidate {
  id: number;
  score: number;
  shared: string[];
}

/** The bit numbers set in `bits` (0 … 30). */
const bitsSet = (bits: number) => Array.from({ length: 31 }, (_, k) => k).filter((k) => bits & (1 << k));

/**
 * The matcher: hard filters (a shared kind of loss, languages, mutual gender and age preferences, supporters
 * only for seekers, never oneself, hidden in either direction, inactive or not active recently, or anyone
 * already paired or suggested before), then the score over shared weighted answers as one bit count, best first, ties
 * newest first. It scans the matching pool's partitions of the member's own kinds of loss, whose rows
 * hold the filters packed into integers (decision 017); a member found in two of them counts in the
 * first only.
 *
 * A member with several kinds of loss is first matched with those who share all of them (one partition,
 * few rows pass). Anyone sharing fewer misses at least one must_share answer, so scores at most the
 * member's whole weight less the lightest must_share answer; when the `limit`-th score found first is
 * above that, nobody else can take a place and the first answer is the exact one. Otherwise the whole
 * query runs.
 */
export async function findCandidates(
  db: Db,
  userId: number,
  limit: number,
  /** Leave out the member's own wishes named here (to tell which of them leave nobody). */
  without: readonly NarrowingWish[] = [],
): Promise<Candidate[]> {
  const [found] = await db.select().from(matchingProfiles).where(eq(matchingProfiles.userId, userId));
  const me = found && {
    ...found,
    partnerGenderBits: without.includes('partner_gender') ? 0 : found.partnerGenderBits,
    partnerAgeBits: without.includes('partner_age') ? 0 : found.partnerAgeBits,
  };
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: equivalent, without a weighted answer every score is 0 and `c.score > 0` keeps nobody; the check saves the query
  if (!me || !me.tagBits.includes('1')) return [];
  const shares = bitsSet(me.shareBits);
  const score = sql`case when length(p.tag_bits) = ${me.tagBits.length}
    then bit_count(p.tag_bits & ${me.tagBits}::varbit) else 0 end`;
  const wish = (mine: number, theirs: SQL) => (mine === 0 ? sql`true` : sql`${theirs} & ${mine} <> 0`);
  const best = async (pool: SQL): Promise<Candidate[]> => {
    const result = await db.execute(sql`
      select c.id, c.score, m.tags from (
        select p.user_id as id, ${score}::int as score
        from matching_pool p
        where ${pool}
          and p.active_on >= ${activeSince()}::date
          and p.language_bits & ${me.languageBits} <> 0
          and ${me.role === 'supporter' ? sql`not p.supporter` : sql`true`}
          and ${wish(me.partnerGenderBits, sql`p.gender_bits`)}
          and (p.partner_gender_bits = 0 or p.partner_gender_bits & ${me.genderBits} <> 0)
          and ${wish(me.partnerAgeBits, sql`p.age_bits`)}
          and (p.partner_age_bits = 0 or p.partner_age_bits & ${me.ageBits} <> 0)
          and p.user_id <> ${userId}
          and ${notSuspended(sql`p.user_id`)}
          and p.user_id <> all(array(${hiddenEitherWay(userId)}
            union all select ${sideSql(userId).other} from ${partnerships} where ${involves(userId)}))
        order by score desc, id desc
        limit ${limit}
      ) c
      join matching_profiles m on m.user_id = c.id
      where c.score > 0
      order by c.score desc, c.id desc`);
    const mine = new Set(me.tags);
    return (result.rows as Array<{ id: string | number; score: number; tags: string[] }>).map((r) => ({
      id: Number(r.id),
      score: Number(r.score),
      shared: r.tags.filter((t) => mine.has(t)),
    }));
  };
  // Without a must_share answer anyone may be suggested: each pooled member once (their first row).
  if (shares.length === 0) return best(sql`p.share_bits & ((1 << greatest(p.share, 0)) - 1) = 0`);
  const lightest = Math.min(
    ...(await loadQuestionnaire(db)).filter((q) => q.filter === 'must_share').map((q) => q.weight),
  );
  if (shares.length > 1 && lightest > 0 && limit > 0) {
    const sharingAll = await best(
      sql`p.share = ${shares[0]} and p.share_bits & ${me.shareBits} = ${me.shareBits}`,
    );
    // Stryker disable next-line ArithmeticOperator,StringLiteral: equivalent, a higher bound only stops the shortcut more often (the whole query answers the same)
    const reachable = me.tagBits.replaceAll('0', '').length - lightest;
    // Stryker disable next-line ConditionalExpression: equivalent when false, the whole query runs (matching-shortcut.test.ts kills the others)
    if (sharingAll.length === limit && sharingAll[limit - 1]!.score > reachable) return sharingAll;
  }
  return best(
    sql`p.share in (${sql.join(
      shares.map((k) => sql`${k}`),
      sql`, `,
    )}) and p.share_bits & ${me.shareBits} & ((1 << p.share) - 1) = 0`,
  );
}

/** Suggests candidates to `userId` (one partnerships row each, suggested on that member's side). */
export async function storeSuggestions(db: Db, userId: number, candidates: Candidate[]) {
  const now = new Date();
  for (const c of candidates) {
    const { low, high } = pairKey(userId, c.id);
    await db
      .insert(partnerships)
      .values({
        userLow: low,
        userHigh: high,
        sharedTags: c.shared,
        score: c.score,
        ...sideColumns(userId, c.id, { suggestedAt: now }),
      })
      .onConflictDoNothing();
  }
}

/** SQL: the member's open suggestions: suggested to them, not dismissed, both sides still "none". */
const openSuggestionOf = (userId: number) => {
  const mine = sideSql(userId);
  return and(
    involves(userId),
    bothSides(FriendStatus.none),
    isNotNull(mine.suggestedAt),
    isNull(mine.dismissedAt),
  );
};

export async function openSuggestionCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(partnerships)
    .where(openSuggestionOf(userId));
  // Stryker disable next-line OptionalChaining: equivalent, count(*) always answers one row
  return Number(row?.n ?? 0);
}

/**
 * The member's open suggestions of someone not active recently are passed over for good, as "more
 * suggestions" would: nobody waits on someone who left, and the places go to others.
 */
export async function passOverLeft(db: Db, userId: number) {
  await db
    .update(partnerships)
    .set(setMySide(userId, 'dismissed', new Date()))
    .where(
      and(
        openSuggestionOf(userId),
        sql`not exists (select 1 from ${users} where ${users.id} = ${sideSql(userId).other} and ${recentlyActive()})`,
      ),
    );
}

/** Marks the member's open suggestions as seen-and-passed ("more suggestions"); they do not return. */
export async function dismissOpenSuggestions(db: Db, userId: number) {
  await db
    .update(partnerships)
    .set(setMySide(userId, 'dismissed', new Date()))
    .where(openSuggestionOf(userId));
}

/** Makes an existing pair row a suggestion for `userId` too (the other side of a fresh match). */
export async function suggestBack(db: Db, userId: number, otherId: number): Promise<boolean> {
  const rows = await db
    .update(partnerships)
    .set(sideColumns(userId, otherId, { suggestedAt: new Date() }))
    .where(and(isPairOf(userId, otherId), bothSides(FriendStatus.none), isNull(sideSql(userId).suggestedAt)))
    .returning({ id: partnerships.id });
  return rows.length > 0;
}

/** SPEC.md §4 Matching: pause or resume; paused members are not suggested to anyone. */
export async function toggleMatching(db: Db, userId: number): Promise<boolean> {
  const [row] = await db
    .update(users)
    .set({ matchingStatus: sql`not ${users.matchingStatus}`, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ status: users.matchingStatus });
  await refreshActive(db, userId);
  // Stryker disable next-line OptionalChaining,BooleanLiteral: equivalent, only signed-in (existing) members toggle
  return row?.status ?? false;
}
