import { FriendStatus } from '@trostnetz/contracts/friendship';
import type { Locale } from '@trostnetz/contracts/messages';
import { NARROWING_WISHES, type NarrowingWish } from '@trostnetz/contracts/partners';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { matchingProfiles } from '../../db/schema/matching.ts';
import type { Member } from '../../db/schema/users.ts';
import { listPartners, partnerEntry } from '../partners/partners.service.ts';
import { findActiveUser } from '../users/users.service.ts';
import {
  dismissOpenSuggestions,
  findCandidates,
  openSuggestionCount,
  passOverLeft,
  storeSuggestions,
  suggestBack,
  suggestionLimit,
} from './matching.service.ts';

/**
 * Tops a member's open suggestions up to their limit, after passing over those of members who left. A
 * new match is also offered to the other member when they have room, and reaches them live
 * (NewChatContact with friend_status 3).
 */
export async function topUpSuggestions(ctx: AppContext, member: Member): Promise<void> {
  const limit = suggestionLimit(member);
  await passOverLeft(ctx.db, member.id);
  const open = await openSuggestionCount(ctx.db, member.id);
  // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent, asked for no candidates the matcher finds none (matching-shortcut.test.ts); the check saves the queries
  if (open >= limit) return;
  const candidates = await findCandidates(ctx.db, member.id, limit - open);
  await storeSuggestions(ctx.db, member.id, candidates);
  // A paused member is suggested to nobody: their new matches are not offered back (the other side's
  // list would not show them, yet they would take its free places).
  if (!member.matchingStatus) return;
  for (const c of candidates) {
    const other = await findActiveUser(ctx.db, c.id);
    if (!other || (await openSuggestionCount(ctx.db, c.id)) >= suggestionLimit(other)) continue;
    if (!(await suggestBack(ctx.db, c.id, member.id))) continue;
    const contact = await partnerEntry(ctx, c.id, member.id, other.locale);
    if (contact)
      ctx.broadcaster.toMember(c.id, 'chat_contacts', 'NewChatContact', {
        contact,
        friend_status: FriendStatus.none,
      });
  }
}

/**
 * With no suggestion for a searching member: which of their own wishes (partner gender, partner age) leave
 * nobody, i.e. without which someone would be found; each alone first, else both together. Nothing is
 * stored or offered: it only tells the member what widening would do.
 */
export async function narrowingWishes(ctx: AppContext, member: Member): Promise<NarrowingWish[]> {
  const [profile] = await ctx.db
    .select({ gender: matchingProfiles.partnerGenderBits, age: matchingProfiles.partnerAgeBits })
    .from(matchingProfiles)
    .where(eq(matchingProfiles.userId, member.id));
  if (!profile) return [];
  const set = NARROWING_WISHES.filter((w) => (w === 'partner_gender' ? profile.gender : profile.age) !== 0);
  const found = async (without: NarrowingWish[]) =>
    (await findCandidates(ctx.db, member.id, 1, without)).length > 0;
  const alone: NarrowingWish[] = [];
  for (const wish of set) if (await found([wish])) alone.push(wish);
  if (alone.length > 0 || set.length < 2) return alone;
  return (await found(set)) ? set : [];
}

export async function currentSuggestions(ctx: AppContext, member: Member, locale: Locale) {
  await topUpSuggestions(ctx, member);
  const suggestions = (await listPartners(ctx, member.id, locale)).filter((p) => p.is_suggestion);
  const narrowed_by =
    suggestions.length === 0 && member.matchingStatus ? await narrowingWishes(ctx, member) : [];
  return { suggestions, limit: suggestionLimit(member), narrowed_by };
}

/** "More suggestions": the open ones are passed over for good and a fresh set is found. */
export async function moreSuggestions(ctx: AppContext, member: Member, locale: Locale) {
  await dismissOpenSuggestions(ctx.db, member.id);
  return currentSuggestions(ctx, member, locale);
}
