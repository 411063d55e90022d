import { and, eq, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { matchingProfiles, partnerships } from '../../db/schema/matching.ts';
import { users } from '../../db/schema/users.ts';
import { answersOf, loadQuestionnaire } from '../questionnaire/questionnaire.service.ts';
import type { UserRow } from '../users/users.presenter.ts';
import { profileFromAnswers } from './match-profile.ts';

export const FREE_SUGGESTIONS = 3;
export const PREMIUM_SUGGESTIONS = 10;

export const suggestionLimit = (u: Pick<UserRow, 'isPremium' | 'isSuperAdmin' | 'premiumUntil'>) =>
  u.isSuperAdmin || (u.isPremium && (!u.premiumUntil || u.premiumUntil.getTime() > Date.now()))
    ? PREMIUM_SUGGESTIONS
    : FREE_SUGGESTIONS;

const activeExpr = (userId: number) => sql`(
  select u.is_verified and u.matching_step < 0 and u.matching_status and u.deleted_at is null
  from ${users} u where u.id = ${userId})`;

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
        and p.user_id <> all(array(
          select b.blocked_id from blocks b where b.blocker_id = ${userId}
          union all select b.blocker_id from blocks b where b.blocked_id = ${userId}
          union all select s.user_high from partnerships s where s.user_low = ${userId}
          union all select s.user_low from partnerships s where s.user_high = ${userId}))
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
    const meLow = userId < c.id;
    await db
      .insert(partnerships)
      .values({
        userLow: Math.min(userId, c.id),
        userHigh: Math.max(userId, c.id),
        sharedTags: c.shared,
        score: c.score,
        ...(meLow ? { suggestedLowAt: now } : { suggestedHighAt: now }),
      })
      .onConflictDoNothing();
  }
}

/** Open suggestions of a member: suggested to them, not dismissed, both sides still "none". */
export async function openSuggestionCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(partnerships)
    .where(
      and(
        eq(partnerships.statusLow, 3),
        eq(partnerships.statusHigh, 3),
        or(
          and(
            eq(partnerships.userLow, userId),
            isNotNull(partnerships.suggestedLowAt),
            isNull(partnerships.dismissedLowAt),
          ),
          and(
            eq(partnerships.userHigh, userId),
            isNotNull(partnerships.suggestedHighAt),
            isNull(partnerships.dismissedHighAt),
          ),
        ),
      ),
    );
  return Number(row?.n ?? 0);
}

/** Marks the member's open suggestions as seen-and-passed ("more suggestions"); they do not return. */
export async function dismissOpenSuggestions(db: Db, userId: number) {
  const now = new Date();
  await db
    .update(partnerships)
    .set({ dismissedLowAt: now })
    .where(
      and(
        eq(partnerships.userLow, userId),
        eq(partnerships.statusLow, 3),
        eq(partnerships.statusHigh, 3),
        isNotNull(partnerships.suggestedLowAt),
        isNull(partnerships.dismissedLowAt),
      ),
    );
  await db
    .update(partnerships)
    .set({ dismissedHighAt: now })
    .where(
      and(
        eq(partnerships.userHigh, userId),
        eq(partnerships.statusLow, 3),
        eq(partnerships.statusHigh, 3),
        isNotNull(partnerships.suggestedHighAt),
        isNull(partnerships.dismissedHighAt),
      ),
    );
}

/** Makes an existing pair row a suggestion for `userId` too (the other side of a fresh match). */
export async function suggestBack(db: Db, userId: number, otherId: number): Promise<boolean> {
  const meLow = userId < otherId;
  const rows = await db
    .update(partnerships)
    .set(meLow ? { suggestedLowAt: new Date() } : { suggestedHighAt: new Date() })
    .where(
      and(
        eq(partnerships.userLow, Math.min(userId, otherId)),
        eq(partnerships.userHigh, Math.max(userId, otherId)),
        eq(partnerships.statusLow, 3),
        eq(partnerships.statusHigh, 3),
        meLow ? isNull(partnerships.suggestedLowAt) : isNull(partnerships.suggestedHighAt),
      ),
    )
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
