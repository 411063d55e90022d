import { FriendStatus } from '@trostnetz/contracts/friendship';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
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
import { matchingProfiles } from '../../db/schema/matching.ts';
import { partnerships } from '../../db/schema/partnerships.ts';
import { type UserRow, users } from '../../db/schema/users.ts';
import { activeMember, hiddenEitherWay } from '../../policies/members.ts';
import { isPremium } from '../../policies/premium.ts';
import { answersOf, loadQuestionnaire } from '../questionnaire/questionnaire.service.ts';
import { profileFromAnswers } from './match-profile.ts';

export const FREE_SUGGESTIONS = 3;
export const PREMIUM_SUGGESTIONS = 10;

export const suggestionLimit = (u: Pick<UserRow, 'isPremium' | 'isSuperAdmin' | 'premiumUntil'>) =>
  isPremium(u) ? PREMIUM_SUGGESTIONS : FREE_SUGGESTIONS;

/** May be suggested to others: an active member who has not paused matching. */
const activeExpr = (userId: number) => sql`(
  select ${and(activeMember, eq(users.matchingStatus, true))} from ${users} where ${users.id} = ${userId})`;

/** Rebuilds a member's matching profile from the answers (after onboarding or a reset). */
export async function rebuildProfile(db: Db, userId: number) {
  const values = profileFromAnswers(await loadQuestionnaire(db), await answersOf(db, userId));
  await db
    .insert(matchingProfiles)
    .values({ userId, ...values, active: false })
    .onConflictDoUpdate({ target: matchingProfiles.userId, set: { ...values, updatedAt: new Date() } });
  await refreshActive(db, userId);
}

/** Whether others may be suggested this member: verified, onboarded, not paused, not deleted. */
export async function refreshActive(db: Db, userId: number) {
  await db
    .update(matchingProfiles)
    .set({ active: sql`coalesce(${activeExpr(userId)}, false)`, updatedAt: new Date() })
    .where(eq(matchingProfiles.userId, userId));
}

export interface Candidate {
  id: number;
  score: number;
  shared: string[];
}

/**
 * The matcher, as one query: hard filters (a shared kind of loss, languages, mutual gender and age preferences, supporters
 * only for seekers, never oneself, hidden in either direction, inactive, or anyone already paired or
 * suggested before), then the score over shared weighted answers as one bit count.
 */
export async function findCandidates(db: Db, userId: number, limit: number): Promise<Candidate[]> {
  const [me] = await db.select().from(matchingProfiles).where(eq(matchingProfiles.userId, userId));
  if (!me || !me.tagBits.includes('1')) return [];
  const list = (xs: string[]) => `{${xs.join(',')}}`;
  const mustShare = (await loadQuestionnaire(db))
    .filter((q) => q.filter === 'must_share')
    .flatMap((q) => me.tags.filter((t) => t.startsWith(`${q.key}:`)));
  const score = sql`case when length(p.tag_bits) = ${me.tagBits.length}
    then bit_count(p.tag_bits & ${me.tagBits}::varbit) else 0 end`;
  const result = await db.execute(sql`
    select id, score, tags from (
      select p.user_id as id, ${score}::int as score, p.tags
      from matching_profiles p
      where p.active and p.user_id <> ${userId}
        and (${mustShare.length} = 0 or p.tags && ${list(mustShare)}::text[])
        and p.languages && ${list(me.languages)}::text[]
        and (${me.role} = 'seeker' or p.role = 'seeker')
        and (${me.partnerGenders.length} = 0 or p.gender = any(${list(me.partnerGenders)}::text[]))
        and (cardinality(p.partner_genders) = 0 or ${me.gender}::text = any(p.partner_genders))
        and (${me.partnerAges.length} = 0 or p.age_group = any(${list(me.partnerAges)}::text[]))
        and (cardinality(p.partner_ages) = 0 or ${me.ageGroup}::text = any(p.partner_ages))
        and p.user_id <> all(array(${hiddenEitherWay(userId)}
          union all select ${sideSql(userId).other} from ${partnerships} where ${involves(userId)}))
    ) c
    where score > 0
    order by score desc, id desc
    limit ${limit}`);
  const mine = new Set(me.tags);
  return (result.rows as Array<{ id: string | number; score: number; tags: string[] | string }>).map((r) => ({
    id: Number(r.id),
    score: Number(r.score),
    shared: (Array.isArray(r.tags) ? r.tags : parsePgArray(r.tags)).filter((t) => mine.has(t)),
  }));
}

// node-postgres returns text[] from a subquery as an array; PGlite may hand back the literal.
function parsePgArray(literal: string): string[] {
  const inner = literal.replace(/^\{|\}$/g, '');
  return inner ? inner.split(',').map((s) => s.replace(/^"|"$/g, '')) : [];
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
  return Number(row?.n ?? 0);
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
  return row?.status ?? false;
}
