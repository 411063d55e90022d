import { FriendStatus, pairIsPending } from '@trostnetz/contracts/friendship';
import type { Locale } from '@trostnetz/contracts/messages';
import type { Partner } from '@trostnetz/contracts/partners';
import type { Visibility } from '@trostnetz/contracts/profile';
import { isHeldRequest, sideOf } from '../../db/pair-side.ts';
import type { PairRow } from '../../db/schema/partnerships.ts';
import type { Member } from '../../db/schema/users.ts';
import { isGone, shownAs } from '../../policies/members.ts';
import { showsSupporterBadge } from '../../policies/premium.ts';
import { mayShowExact, mayShowReason, relationOf, visibilityOf } from '../../policies/profile.ts';
import { reasonFromTags } from '../matching/match-profile.ts';
import type { LoadedQuestion } from '../questionnaire/questionnaire.service.ts';

export type Other = Pick<
  Member,
  | 'id'
  | 'nickname'
  | 'avatar'
  | 'deletedAt'
  | 'deletionRequestedAt'
  | 'lastSeenAt'
  | 'isPremium'
  | 'premiumUntil'
  | 'isSuperAdmin'
  | 'showSupporterBadge'
> & {
  /** The other member's stored profile visibility (profile_settings), null when never changed. */
  visibility: Partial<Visibility> | null;
};

const ONLINE_WINDOW_MS = 2 * 60_000; // two missed 60 s pings

export const isOnline = (lastSeenAt: Date | null) =>
  Boolean(lastSeenAt && Date.now() - lastSeenAt.getTime() < ONLINE_WINDOW_MS);

/**
 * "Warum ihr passt" of a pair as `viewer` sees it: only from what the matcher stored, exact health data
 * only for partners who both show it, and only the questions the other member shows this viewer
 * (policies/profile.ts).
 */
export function pairReason(
  row: PairRow | undefined,
  questions: LoadedQuestion[],
  locale: Locale,
  viewer: { id: number; visibility: Partial<Visibility> | null },
  otherVisibility: Partial<Visibility> | null,
) {
  if (!row) return [];
  const relation = relationOf(row, viewer.id, sideOf(row, viewer.id).other);
  const theirs = visibilityOf(otherVisibility);
  const mine = visibilityOf(viewer.visibility);
  const shown = questions.filter((q) => mayShowReason(theirs, q.key, relation));
  return reasonFromTags(shown, row.sharedTags, locale, (key) => mayShowExact(mine, theirs, key, relation));
}

/**
 * The message of a request, shown to both sides while it waits for an answer; a held request's only to
 * its requester, as their own request shows them (its recipient never sees it).
 */
export function pendingRequestMessage(row: PairRow | undefined, viewer: number) {
  if (!row) return null;
  if (pairIsPending(row.statusLow, row.statusHigh)) return row.requestMessage;
  return isHeldRequest(row) && row.requestedBy === viewer ? row.requestMessage : null;
}

/** SPEC.md §3 Partner from `me`'s side; a deleted account has an empty nickname. */
export function presentPartner(
  row: PairRow,
  me: number,
  other: Other,
  ctx: {
    questions: LoadedQuestion[];
    locale: Locale;
    hasMessages: boolean;
    /** `me`'s own stored profile visibility: exact health data needs both members' choice. */
    myVisibility: Partial<Visibility> | null;
  },
): Partner {
  const side = sideOf(row, me);
  const deleted = isGone(other);
  return {
    id: other.id,
    chat_id: row.id,
    ...shownAs(other),
    has_messages: ctx.hasMessages,
    friend_status: side.status,
    online: !deleted && isOnline(other.lastSeenAt),
    is_suggestion: side.status === FriendStatus.none && side.suggested && !side.dismissed,
    reason: pairReason(
      row,
      ctx.questions,
      ctx.locale,
      { id: me, visibility: ctx.myVisibility },
      other.visibility,
    ),
    request_message: pendingRequestMessage(row, me),
    supporter: !deleted && showsSupporterBadge(other),
    befriended_at: row.befriendedAt?.toISOString() ?? null,
    updated_at: row.updatedAt.toISOString(),
  };
}
