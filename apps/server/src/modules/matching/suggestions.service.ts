import { FriendStatus } from '@trostnetz/contracts/friendship';
import type { Locale } from '@trostnetz/contracts/messages';
import type { AppContext } from '../../app-context.ts';
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

export async function currentSuggestions(ctx: AppContext, member: Member, locale: Locale) {
  await topUpSuggestions(ctx, member);
  const suggestions = (await listPartners(ctx, member.id, locale)).filter((p) => p.is_suggestion);
  return { suggestions, limit: suggestionLimit(member) };
}

/** "More suggestions": the open ones are passed over for good and a fresh set is found. */
export async function moreSuggestions(ctx: AppContext, member: Member, locale: Locale) {
  await dismissOpenSuggestions(ctx.db, member.id);
  return currentSuggestions(ctx, member, locale);
}
