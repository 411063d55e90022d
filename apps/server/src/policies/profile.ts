import { pairIsBefriended } from '@trostnetz/contracts/friendship';
import {
  type Audience,
  DEFAULT_VISIBILITY,
  PROFILE_ITEMS,
  type ProfileItem,
  SENSITIVE_AUDIENCES,
  SENSITIVE_ITEMS,
  type Visibility,
} from '@trostnetz/contracts/profile';
import type { Db } from '../db/client.ts';
import { sideOf } from '../db/pair-side.ts';
import type { PairRow } from '../db/schema/partnerships.ts';
import type { Member } from '../db/schema/users.ts';
import { isOnboarded, visibleMember } from './members.ts';

/**
 * How a viewer stands to a profile's owner: the owner, a partner (befriended both ways), a suggestion
 * (the matcher proposed the pair to either side; requests and former partners count only if it did),
 * or any other member who may see the profile.
 */
export type Relation = 'self' | 'partner' | 'suggestion' | 'member';

export function relationOf(pair: PairRow | undefined, viewer: number, owner: number): Relation {
  if (viewer === owner) return 'self';
  if (!pair) return 'member';
  if (pairIsBefriended(pair.statusLow, pair.statusHigh)) return 'partner';
  const mine = sideOf(pair, viewer);
  const theirs = sideOf(pair, owner);
  return mine.suggested || theirs.suggested ? 'suggestion' : 'member';
}

const reaches: Record<Audience, readonly Relation[]> = {
  members: ['self', 'partner', 'suggestion', 'member'],
  suggestions: ['self', 'partner', 'suggestion'],
  partners: ['self', 'partner'],
  nobody: ['self'],
};

/**
 * The member's choice per item, with the calm defaults for what they never changed. A stored choice
 * a sensitive item may not have (older data, a hand-edited row) falls back to the default.
 */
export function visibilityOf(stored: Partial<Visibility> | null | undefined): Visibility {
  const out = { ...DEFAULT_VISIBILITY };
  for (const item of PROFILE_ITEMS) {
    const chosen = stored?.[item];
    if (!chosen || !(chosen in reaches)) continue;
    if (SENSITIVE_ITEMS.includes(item) && !SENSITIVE_AUDIENCES.includes(chosen)) continue;
    out[item] = chosen;
  }
  return out;
}

/** The profile rule: a viewer sees an item when the owner's choice for it reaches them. */
export const mayShowItem = (visibility: Visibility, item: ProfileItem, relation: Relation) =>
  reaches[visibility[item]].includes(relation);

/**
 * A member's own texts as a viewer may see them, the same in every answer that shows the member (the
 * foreign profile, the watchlist): each is null where the owner's choice does not reach the viewer.
 */
export function shownTexts(
  stored: Partial<Visibility> | null | undefined,
  relation: Relation,
  texts: { motto: string | null; about: string | null },
) {
  const visibility = visibilityOf(stored);
  return {
    motto: mayShowItem(visibility, 'motto', relation) ? texts.motto : null,
    about: mayShowItem(visibility, 'about', relation) ? texts.about : null,
  };
}

/**
 * Whether a shared answer of a question may appear in "why you match": items follow the member's choice;
 * a sensitive item always may, because it shows only as the one generic line (`mayShowExact` says when
 * the exact answer shows); questions that are no profile item (languages, wishes about the partner) follow
 * the match as before.
 */
export function mayShowReason(visibility: Visibility, questionKey: string, relation: Relation): boolean {
  if (!(PROFILE_ITEMS as readonly string[]).includes(questionKey)) return true;
  const item = questionKey as ProfileItem;
  if (SENSITIVE_ITEMS.includes(item)) return true;
  return mayShowItem(visibility, item, relation);
}

/**
 * Health data in "why you match" (decision 029): the exact shared answer shows only between partners who
 * both chose to show that item to their partners. Otherwise it is at most "you may have something in
 * common", which every suggestion could say, since every suggestion shares a kind of loss.
 */
export function mayShowExact(
  viewer: Visibility,
  owner: Visibility,
  questionKey: string,
  relation: Relation,
): boolean {
  const item = questionKey as ProfileItem;
  return relation === 'partner' && viewer[item] === 'partners' && owner[item] === 'partners';
}

/**
 * Who may load a member's avatar: the member, and everyone who may see the profile (onboarded, the owner
 * visible to them, not hidden either way). Anyone else gets the answer for a picture that does not exist.
 */
export async function mayViewAvatar(
  db: Db,
  viewer: Pick<Member, 'id' | 'matchingStep'>,
  owner: number,
): Promise<boolean> {
  if (viewer.id === owner) return true;
  // Profiles open only after the questionnaire (requireOnboarded): their pictures no sooner.
  if (!isOnboarded(viewer)) return false;
  return Boolean(await visibleMember(db, viewer.id, owner));
}
