import type { Locale } from '@trostnetz/contracts/messages';
import type { FriendStatus, Partner } from '@trostnetz/contracts/partners';
import type { partnerships } from '../../db/schema/matching.ts';
import { reasonFromTags } from '../matching/match-profile.ts';
import type { LoadedQuestion } from '../questionnaire/questionnaire.service.ts';
import type { UserRow } from '../users/users.presenter.ts';

export type PairRow = typeof partnerships.$inferSelect;
export type Other = Pick<UserRow, 'id' | 'nickname' | 'avatar' | 'deletedAt' | 'lastSeenAt'>;

const ONLINE_WINDOW_MS = 2 * 60_000; // two missed 60 s pings

export const isOnline = (lastSeenAt: Date | null) =>
  Boolean(lastSeenAt && Date.now() - lastSeenAt.getTime() < ONLINE_WINDOW_MS);

/** The pair row as one member sees it. */
export function sideOf(row: PairRow, me: number) {
  const low = row.userLow === me;
  return {
    status: (low ? row.statusLow : row.statusHigh) as FriendStatus,
    suggested: Boolean(low ? row.suggestedLowAt : row.suggestedHighAt),
    dismissed: Boolean(low ? row.dismissedLowAt : row.dismissedHighAt),
  };
}

/** "Warum ihr passt" of a pair: only from what the matcher stored, exact health data only for partners. */
export function pairReason(row: PairRow | undefined, questions: LoadedQuestion[], locale: Locale) {
  if (!row) return [];
  return reasonFromTags(questions, row.sharedTags, locale, row.statusLow === 2 && row.statusHigh === 2);
}

/** SPEC.md §3 Partner from `me`'s side; a deleted account has an empty nickname. */
export function presentPartner(
  row: PairRow,
  me: number,
  other: Other,
  ctx: { questions: LoadedQuestion[]; locale: Locale; hasMessages: boolean },
): Partner {
  const side = sideOf(row, me);
  const deleted = Boolean(other.deletedAt);
  return {
    id: other.id,
    chat_id: row.id,
    nickname: deleted ? '' : other.nickname,
    avatar: deleted ? null : other.avatar || null,
    has_messages: ctx.hasMessages,
    friend_status: side.status,
    online: !deleted && isOnline(other.lastSeenAt),
    is_suggestion: side.status === 3 && side.suggested && !side.dismissed,
    reason: pairReason(row, ctx.questions, ctx.locale),
    request_message: row.statusLow + row.statusHigh === 1 ? row.requestMessage : null,
    updated_at: row.updatedAt.toISOString(),
  };
}
