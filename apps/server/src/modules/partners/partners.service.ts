import { FriendStatus } from '@trostnetz/contracts/friendship';
import type { Locale } from '@trostnetz/contracts/messages';
import type { Partner } from '@trostnetz/contracts/partners';
import { and, desc, eq, isNotNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { involves, sideSql } from '../../db/pair-side.ts';
import { messages } from '../../db/schema/chat.ts';
import { matchingProfiles } from '../../db/schema/matching.ts';
import { partnerships } from '../../db/schema/partnerships.ts';
import { profileSettings } from '../../db/schema/profile.ts';
import { users } from '../../db/schema/users.ts';
import { goneColumns, notHidden, notSuspended, present } from '../../policies/members.ts';
import { recentlyActive } from '../matching/matching.service.ts';
import { profileSettingsOf } from '../profile/profile.service.ts';
import { loadQuestionnaire } from '../questionnaire/questionnaire.service.ts';
import { findPair } from './pairs.ts';
import { type Other, presentPartner } from './partners.presenter.ts';

const otherColumns = {
  id: users.id,
  nickname: users.nickname,
  avatar: users.avatar,
  ...goneColumns,
  lastSeenAt: users.lastSeenAt,
  isPremium: users.isPremium,
  premiumUntil: users.premiumUntil,
  isSuperAdmin: users.isSuperAdmin,
  showSupporterBadge: users.showSupporterBadge,
  visibility: profileSettings.visibility,
};

/**
 * Everyone in a member's partner list: requests, friends (also deleted ones, with an empty nickname)
 * and open suggestions whose member is still active (and was active recently, ACTIVE_WITHIN_DAYS).
 */
export async function listPartners(ctx: AppContext, me: number, locale: Locale): Promise<Partner[]> {
  const p = partnerships;
  const mine = sideSql(me);
  const none = FriendStatus.none;
  const hasMessages = sql<boolean>`exists (select 1 from ${messages} m where m.chat_id = ${p.id})`;
  const rows = await ctx.db
    .select({ pair: p, other: otherColumns, hasMessages })
    .from(p)
    .innerJoin(users, eq(users.id, mine.other))
    .leftJoin(matchingProfiles, eq(matchingProfiles.userId, users.id))
    .leftJoin(profileSettings, eq(profileSettings.userId, users.id))
    .where(
      and(
        involves(me),
        notHidden(me, users.id),
        // A gone account stays only for those who were its partners (the deleted state of SPEC.md §3).
        or(present, isNotNull(p.befriendedAt)),
        // Requests and friends; former friends whose conversation stays readable; open suggestions.
        sql`((${p.befriendedAt} is not null and ${hasMessages}) or ${mine.status} <> ${none}
          or (${mine.suggestedAt} is not null and ${mine.dismissedAt} is null
            and ${mine.theirStatus} = ${none} and coalesce(${matchingProfiles.active}, false)
            and ${recentlyActive()} and ${notSuspended(users.id)}))`,
      ),
    )
    .orderBy(desc(p.score), desc(p.updatedAt));
  const questions = await loadQuestionnaire(ctx.db);
  const myVisibility = (await profileSettingsOf(ctx.db, me)).visibility;
  return rows.map((r) =>
    presentPartner(r.pair, me, r.other, {
      questions,
      locale,
      hasMessages: Boolean(r.hasMessages),
      myVisibility,
    }),
  );
}

/** One partner entry (after a change, for answers and live events). */
export async function partnerEntry(
  ctx: AppContext,
  me: number,
  otherId: number,
  locale: Locale,
): Promise<Partner | undefined> {
  const pair = await findPair(ctx.db, me, otherId);
  const [other] = await ctx.db
    .select(otherColumns)
    .from(users)
    .leftJoin(profileSettings, eq(profileSettings.userId, users.id))
    .where(eq(users.id, otherId));
  if (!pair || !other) return undefined;
  const [anyMessage] = await ctx.db
    .select({ id: messages.id })
    .from(messages)
    .where(eq(messages.chatId, pair.id))
    .limit(1);
  return presentPartner(pair, me, other as Other, {
    questions: await loadQuestionnaire(ctx.db),
    locale,
    hasMessages: Boolean(anyMessage),
    myVisibility: (await profileSettingsOf(ctx.db, me)).visibility,
  });
}
