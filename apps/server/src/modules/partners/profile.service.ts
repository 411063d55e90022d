import { FriendStatus } from '@trostnetz/contracts/friendship';
import type { Locale } from '@trostnetz/contracts/messages';
import type { ForeignProfile } from '@trostnetz/contracts/partners';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { sideOf } from '../../db/pair-side.ts';
import { matchingProfiles } from '../../db/schema/matching.ts';
import { AppError } from '../../lib/app-error.ts';
import { visibleMember } from '../../policies/members.ts';
import { relationOf, shownTexts, visibilityOf } from '../../policies/profile.ts';
import { profileDetails, profileSettingsOf } from '../profile/profile.service.ts';
import { answersOf, loadQuestionnaire } from '../questionnaire/questionnaire.service.ts';
import { isWatched } from '../watchlist/watchlist.service.ts';
import { findPair } from './pairs.ts';
import { isOnline, pairReason, pendingRequestMessage } from './partners.presenter.ts';
import { wordsTo } from './words.ts';

/**
 * A foreign profile with "Warum ihr passt"; hidden, deleted or not onboarded members are not found.
 * Motto, about, the member's own answers and the reasons show what the member lets this viewer see.
 */
export async function foreignProfileOf(
  ctx: AppContext,
  me: number,
  otherId: number,
  locale: Locale,
): Promise<ForeignProfile> {
  const other = await visibleMember(ctx.db, me, otherId);
  if (!other) throw new AppError('not_found');
  const pair = await findPair(ctx.db, me, otherId);
  const [profiles, watched, questions, settings, answers, mine, words] = await Promise.all([
    ctx.db.select().from(matchingProfiles).where(eq(matchingProfiles.userId, otherId)),
    isWatched(ctx.db, me, otherId),
    loadQuestionnaire(ctx.db),
    profileSettingsOf(ctx.db, otherId),
    answersOf(ctx.db, otherId),
    profileSettingsOf(ctx.db, me),
    wordsTo(ctx.db, pair, me),
  ]);
  const status = pair ? sideOf(pair, me).status : FriendStatus.none;
  const relation = relationOf(pair, me, otherId);
  const visibility = visibilityOf(settings.visibility);
  return {
    id: other.id,
    nickname: other.nickname,
    avatar: other.avatar || null,
    ...shownTexts(settings.visibility, relation, { motto: settings.motto, about: other.about }),
    details: profileDetails(questions, answers, visibility, relation, locale),
    role: profiles[0]?.role ?? null,
    friend_status: status,
    is_watched: watched,
    online: isOnline(other.lastSeenAt),
    member_since: other.createdAt.toISOString(),
    // Only a pair the matcher proposed has a reason, never one computed from today's answers.
    reason: pairReason(pair, questions, locale, { id: me, visibility: mine.visibility }, settings.visibility),
    request_message: pendingRequestMessage(pair, me),
    words,
  };
}
