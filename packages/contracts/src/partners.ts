import { z } from 'zod';
import { textField } from './fields.ts';
import { friendStatus } from './friendship.ts';
import { vmsg } from './messages.ts';
import { profileDetail } from './profile.ts';

/** "Warum ihr passt": a question both answered and the answers they share. */
export const matchReason = z.object({ question: z.string(), answers: z.array(z.string()) });
export type MatchReason = z.infer<typeof matchReason>;

/** The turning points whose words are kept for the other member (the invite's are `request_message`). */
export const FRIEND_WORD_ACTIONS = ['accept', 'deny', 'retract', 'remove'] as const;
export type FriendWordAction = (typeof FRIEND_WORD_ACTIONS)[number];
/** What the other member wrote when accepting, declining, withdrawing or ending, and when. */
export const friendWords = z.object({
  action: z.enum(FRIEND_WORD_ACTIONS),
  message: z.string(),
  at: z.string(),
});
export type FriendWords = z.infer<typeof friendWords>;

export const partner = z.object({
  id: z.number().int(),
  /** The conversation's id (one per pair), used by the read call. */
  chat_id: z.number().int(),
  /** Empty for a deleted account (SPEC.md §3). */
  nickname: z.string(),
  avatar: z.string().nullable(),
  has_messages: z.boolean(),
  friend_status: friendStatus,
  online: z.boolean(),
  is_suggestion: z.boolean(),
  reason: z.array(matchReason),
  /** The message that came with a pending request, shown to both sides. */
  request_message: z.string().nullable(),
  /** A premium member who shows the supporter badge (issue 14; policies/premium.ts). */
  supporter: z.boolean(),
  /** When the two last became partners (null if never): the first 14 days bring the off-platform note. */
  befriended_at: z.string().nullable(),
  updated_at: z.string(),
});
export type Partner = z.infer<typeof partner>;
export const partnerList = z.array(partner);

export const friendActionBody = z
  .object({
    message: textField().trim().max(500, vmsg('max', 500)).optional(),
  })
  .optional()
  .default({});
export const friendSendResponse = z.object({ success: z.boolean(), partner });
export const friendActionResponse = z.object({ success: z.boolean(), message: z.string() });

export const foreignProfile = z.object({
  id: z.number().int(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  /** Null also when the member shows it to nobody this viewer belongs to (like `about`). */
  motto: z.string().nullable(),
  about: z.string().nullable(),
  /** The member's own answers this viewer may see (their choice per item, policies/profile.ts). */
  details: z.array(profileDetail),
  role: z.enum(['seeker', 'supporter']).nullable(),
  friend_status: friendStatus,
  is_watched: z.boolean(),
  online: z.boolean(),
  member_since: z.string(),
  reason: z.array(matchReason),
  request_message: z.string().nullable(),
  /**
   * The viewer's own copy of what this member last wrote to them at a turning point, while it still
   * tells how things stand (accepted and befriended; declined, withdrawn or ended and not asked again).
   */
  words: friendWords.nullable(),
});
export type ForeignProfile = z.infer<typeof foreignProfile>;

export const matchingStatusResponse = z.object({ success: z.boolean(), matching_status: z.boolean() });
/** The member's own wishes that can narrow their suggestions to none (questionnaire keys). */
export const NARROWING_WISHES = ['partner_gender', 'partner_age'] as const;
export type NarrowingWish = (typeof NARROWING_WISHES)[number];
export const suggestionsResponse = z.object({
  suggestions: partnerList,
  limit: z.number().int(),
  /**
   * With no suggestion: those of the member's own wishes without which someone would be suggested (empty
   * otherwise, and while the search is paused), so the screen can say so and offer to widen them.
   */
  narrowed_by: z.array(z.enum(NARROWING_WISHES)).default([]),
});

/** Live event payloads (SPEC.md §7): a contact plus friend_status, or status/user_id/foreign_user_id. */
export const contactEvent = z.object({ contact: partner, friend_status: friendStatus });
/** FriendRequestConfirmation: the contact who accepted, with the message they wrote. */
export const confirmationEvent = contactEvent.extend({ message: z.string().nullable() });
/** PartnerStatusChanged, FriendRequestChanged: `user_id`'s new status towards `foreign_user_id`. */
export const statusEvent = z.object({
  status: friendStatus,
  user_id: z.number().int(),
  foreign_user_id: z.number().int(),
  message: z.string().nullable(),
});

/** How old an account must be, in days, before its friend requests reach me (0, 7 or 30, as the member chooses). */
export const REACH_MIN_ACCOUNT_DAYS = [0, 7, 30] as const;
/**
 * Who may reach me with a friend request. A request that does not pass is kept from me and ends like an
 * unanswered one; its sender cannot tell it apart.
 */
export const reachPrefs = z.strictObject({
  same_loss_only: z.boolean({ error: vmsg('invalid') }),
  min_account_days: z.union(
    REACH_MIN_ACCOUNT_DAYS.map((d) => z.literal(d)),
    { error: vmsg('invalid') },
  ),
});
export type ReachPrefs = z.infer<typeof reachPrefs>;
