import { FriendStatus } from '@trostnetz/contracts/friendship';
import type { Locale } from '@trostnetz/contracts/messages';
import type { Partner } from '@trostnetz/contracts/partners';
import { and, count, lt, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { involves, isHeldRequest, pendingPair, sideOf, sideSql } from '../../db/pair-side.ts';
import { friendshipWords, partnerships, type WordAction } from '../../db/schema/partnerships.ts';
import type { TextKey } from '../../i18n/catalogue.ts';
import { AppError } from '../../lib/app-error.ts';
import { befriendedPartner } from '../../policies/conversations.ts';
import { visibleMember } from '../../policies/members.ts';
import { openRequestLimit } from '../../policies/premium.ts';
import { activeSuspension } from '../admin/suspensions.service.ts';
import { closeConversationChannel } from '../chat/chat.service.ts';
import { forgetRequestNotice } from '../notifications/notifications.service.ts';
import { notify } from '../notifications/notifier.ts';
import { findActiveUser } from '../users/users.service.ts';
import { ensurePair, findPair, type Sides, transitionPair } from './pairs.ts';
import { partnerEntry } from './partners.service.ts';
import { keptFromRecipient } from './reach.ts';

export const REQUEST_EXPIRY_DAYS = 14;
type Action = 'send' | 'accept' | 'deny' | 'retract' | 'remove';

const { sent, received, befriended, none } = FriendStatus;
const both = (s: FriendStatus): Sides => ({ mine: s, theirs: s });

/** SPEC.md §4 Friendship: each action's states before and after, from the actor's and the other's side. */
const machine: Record<Action, { from: Sides; to: Sides }> = {
  send: { from: both(none), to: { mine: sent, theirs: received } },
  accept: { from: { mine: received, theirs: sent }, to: both(befriended) },
  deny: { from: { mine: received, theirs: sent }, to: both(none) },
  retract: { from: { mine: sent, theirs: received }, to: both(none) },
  remove: { from: both(befriended), to: both(none) },
};

/** The answer to each action but send (SPEC.md §7 {success, message}). */
export const actionMessage = {
  accept: 'friendship.accepted',
  deny: 'friendship.denied',
  retract: 'friendship.retracted',
  remove: 'friendship.removed',
} as const satisfies Record<Exclude<Action, 'send'>, TextKey>;

export interface FriendActionResult {
  partner: Partner;
}

/** Runs one friendship action for `me` towards `otherId`, then tells the other member live. */
export async function friendAction(
  ctx: AppContext,
  me: number,
  otherId: number,
  action: Action,
  message: string | undefined,
  locale: Locale,
): Promise<Partner> {
  const other = await visibleMember(ctx.db, me, otherId);
  // A partner whose account was deleted (or who started the questionnaire again) can still be removed;
  // anyone else out of sight is "not found", exactly like an id that does not exist.
  const otherRow = other ?? (action === 'remove' ? await befriendedPartner(ctx.db, me, otherId) : undefined);
  if (!otherRow) throw new AppError('not_found');
  // A suspended member takes no new request and no new partner until the suspension ends (the same
  // answer as for a paused one: nobody learns of the suspension).
  if ((action === 'send' || action === 'accept') && (await activeSuspension(ctx.db, otherId))) {
    throw new AppError('member_unavailable');
  }
  const now = new Date();
  const pair = await findPair(ctx.db, me, otherId);
  const held = pair && isHeldRequest(pair) ? pair.requestedBy : null;
  // Asking someone whose request was kept from me: both asked, so they are partners now.
  if (action === 'send' && held === otherId) return heldRequestMet(ctx, me, otherRow, message, now, locale);
  let keep = false;
  if (action === 'send') {
    if (!otherRow.matchingStatus) throw new AppError('member_unavailable');
    await refuseOverOpenRequestLimit(ctx, me);
    await ensurePair(ctx.db, me, otherId);
    keep = await keptFromRecipient(ctx.db, me, otherId, now);
  }
  // A request kept from its recipient: my side says sent, theirs none; withdrawing it tells them nothing.
  const step =
    action === 'send' && keep
      ? { from: both(none), to: { mine: sent, theirs: none } }
      : action === 'retract' && held === me
        ? { from: { mine: sent, theirs: none }, to: both(none) }
        : machine[action];
  const extra =
    action === 'send'
      ? { requestedBy: me, requestMessage: message ?? null, requestedAt: now, requestHeld: keep }
      : action === 'accept'
        ? { befriendedAt: now, requestHeld: false }
        : // Back to "none": not offered to each other again as suggestions.
          {
            requestedBy: null,
            requestMessage: null,
            requestedAt: null,
            requestHeld: false,
            dismissedLowAt: now,
            dismissedHighAt: now,
          };
  const row = await transitionPair(ctx.db, me, otherId, step.from, step.to, extra);
  if (!row) throw new AppError('friendship_state');
  if (action === 'remove') closeConversationChannel(ctx, row.id);
  const unseen = (action === 'send' && keep) || (action === 'retract' && held === me);
  const wordId =
    action === 'send' || unseen ? undefined : await keepWords(ctx, row.id, me, otherId, action, message, now);
  // The recipient of a held request hears nothing of it, neither of its coming nor of its going.
  if (!unseen) await notifyOther(ctx, me, otherRow, action, message, wordId);
  const mine = await partnerEntry(ctx, me, otherId, locale);
  if (!mine) throw new AppError('not_found');
  return mine;
}

/**
 * `me` asks the member whose request to `me` was held: both asked, so it is as if `me` accepted. The
 * other hears what an accepted request sounds like; their request's own words stay theirs.
 */
async function heldRequestMet(
  ctx: AppContext,
  me: number,
  other: { id: number; email: string; nickname: string; locale: Locale },
  message: string | undefined,
  now: Date,
  locale: Locale,
): Promise<Partner> {
  const row = await transitionPair(ctx.db, me, other.id, { mine: none, theirs: sent }, both(befriended), {
    befriendedAt: now,
    requestHeld: false,
  });
  if (!row) throw new AppError('friendship_state');
  const wordId = await keepWords(ctx, row.id, me, other.id, 'accept', message, now);
  await notifyOther(ctx, me, other, 'accept', message, wordId);
  const mine = await partnerEntry(ctx, me, other.id, locale);
  if (!mine) throw new AppError('not_found');
  return mine;
}

/**
 * Issue 14: a member has at most `openRequestLimit` requests waiting for an answer at the same time
 * (free 3, premium more). Answering requests, chatting and everything else stay free.
 */
async function refuseOverOpenRequestLimit(ctx: AppContext, me: number) {
  const member = await findActiveUser(ctx.db, me);
  if (!member) throw new AppError('not_found');
  const limit = openRequestLimit(member, ctx.config.openRequestLimits);
  const side = sideSql(me);
  const [row] = await ctx.db
    .select({ open: count() })
    .from(partnerships)
    .where(and(involves(me), sql`${side.status} = ${FriendStatus.sent}`, pendingPair));
  if ((row?.open ?? 0) >= limit) throw new AppError('open_requests_limit');
}

/**
 * The words of an answer or an ending, kept for the other member to read later (their profile screen,
 * the notification centre, the chat history for accept and remove). Nothing is kept without words.
 */
async function keepWords(
  ctx: AppContext,
  pairId: number,
  me: number,
  otherId: number,
  action: WordAction,
  message: string | undefined,
  at: Date,
): Promise<number | undefined> {
  if (!message) return undefined;
  // The same moment as the step's own (befriended_at, dismissed_*_at): see `wordsTo`.
  const [row] = await ctx.db
    .insert(friendshipWords)
    .values({ pairId, authorId: me, recipientId: otherId, action, message, createdAt: at })
    .returning({ id: friendshipWords.id });
  return row?.id;
}

async function notifyOther(
  ctx: AppContext,
  me: number,
  other: { id: number; email: string; nickname: string; locale: Locale },
  action: Action,
  message: string | undefined,
  wordId: number | undefined,
) {
  const contact = await partnerEntry(ctx, other.id, me, other.locale);
  if (!contact) return;
  const b = ctx.broadcaster;
  const status = {
    status: contact.friend_status,
    user_id: other.id,
    foreign_user_id: me,
    message: message ?? null,
  };
  if (action === 'send') {
    b.toMember(other.id, 'chat_contacts', 'NewChatContact', {
      contact,
      friend_status: contact.friend_status,
    });
    // The request's own words stay in the app: the notice names only who asked.
    await notify(ctx, other.id, 'friend_request', { actorId: me });
  } else if (action === 'accept') {
    b.toMember(other.id, 'friendship_accepted', 'FriendRequestConfirmation', {
      contact,
      friend_status: contact.friend_status,
      message: message ?? null,
    });
    b.toMember(other.id, 'partner_status_changed', 'PartnerStatusChanged', status);
    await notify(ctx, other.id, 'friend_accepted', { actorId: me, wordId });
  } else {
    if (action !== 'remove') b.toMember(other.id, 'friend_requests_changed', 'FriendRequestChanged', status);
    b.toMember(other.id, 'partner_status_changed', 'PartnerStatusChanged', status);
    // A withdrawn request no longer waits for an answer: its notice goes with it.
    if (action === 'retract') await forgetRequestNotice(ctx, other.id, me);
    // Declining, withdrawing and ending stay quiet, unless the member wrote a few words to go with it.
    if (wordId) await notify(ctx, other.id, 'friend_words', { actorId: me, wordId });
  }
}

/**
 * Requests with no answer for 14 days expire kindly: both sides go back to "none", the requester
 * gets a gentle note and both lists refresh live (a held request's recipient, who never saw it, is not
 * told; its request_held stays set on a pair that is "none" on both sides, which nothing reads, and the
 * next step of the pair sets it anew). Safe to run on several nodes at once.
 */
export async function expireStaleRequests(ctx: AppContext, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - REQUEST_EXPIRY_DAYS * 24 * 3600_000);
  const expired = await ctx.db
    .update(partnerships)
    .set({
      statusLow: none,
      statusHigh: none,
      requestMessage: null,
      requestedAt: null,
      dismissedLowAt: now,
      dismissedHighAt: now,
      updatedAt: now,
    })
    .where(and(lt(partnerships.requestedAt, cutoff), pendingPair))
    .returning();
  for (const row of expired) {
    const requesterId = row.requestedBy ?? row.userLow;
    const otherId = sideOf(row, requesterId).other;
    // A held request's recipient never saw it: only its requester hears that it ended.
    const told: (readonly [number, number])[] = row.requestHeld
      ? [[requesterId, otherId]]
      : [
          [requesterId, otherId],
          [otherId, requesterId],
        ];
    for (const [who, foreign] of told) {
      ctx.broadcaster.toMember(who, 'partner_status_changed', 'PartnerStatusChanged', {
        status: none,
        user_id: who,
        foreign_user_id: foreign,
        message: null,
      });
    }
    await notify(ctx, requesterId, 'request_expired', { actorId: otherId });
  }
  return expired.length;
}
