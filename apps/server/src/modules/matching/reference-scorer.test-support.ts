import type { Locale } from '@trostnetz/contracts/messages';
import type { MatchReason } from '@trostnetz/contracts/partners';
import type { LoadedQuestion } from '../questionnaire/questionnaire.service.ts';

/**
 * The matcher written plainly, for tests only (issue 21; issue 18 reuses it at scale): the SPEC's rules
 * over plain data, with no SQL, no bit strings and nothing shared with the shipped matcher but the
 * questionnaire. Tests compare the API's suggestions, scores and reasons with what this decides.
 */

export type RefAnswers = Record<string, string[]>;

export interface RefMember {
  id: number;
  answers: RefAnswers;
  /** May be suggested to others: verified, onboarded, not paused, not deleted. */
  suggestible: boolean;
}

export interface RefCommunity {
  members: Map<number, RefMember>;
  /** "a>b": a hid b. Hidden counts in both directions. */
  hidden: Set<string>;
  /** "low-high": any pair row (suggested before, asked, partners, dismissed): never suggested again. */
  pairs: Set<string>;
}

export interface RefCandidate {
  id: number;
  score: number;
  shared: string[];
}

export const pairId = (a: number, b: number) => (a < b ? `${a}-${b}` : `${b}-${a}`);

const answerOf = (questions: LoadedQuestion[], answers: RefAnswers, filter: string): string[] =>
  answers[questions.find((q) => q.filter === filter)?.key ?? ''] ?? [];

/** Scored answers ("question:option") of a member: every answer to a question with a weight. */
export function refTags(questions: LoadedQuestion[], answers: RefAnswers): string[] {
  const tags: string[] = [];
  for (const q of questions) {
    if (q.weight <= 0 || q.kind === 'text') continue;
    for (const option of answers[q.key] ?? []) tags.push(`${q.key}:${option}`);
  }
  return tags;
}

/** The score of a pair: each shared answer counts its question's weight. */
export function refScore(questions: LoadedQuestion[], a: RefAnswers, b: RefAnswers): RefCandidate['score'] {
  const theirs = new Set(refTags(questions, b));
  let score = 0;
  for (const tag of refTags(questions, a)) {
    if (!theirs.has(tag)) continue;
    score += questions.find((q) => tag.startsWith(`${q.key}:`))?.weight ?? 0;
  }
  return score;
}

const overlaps = (a: string[], b: string[]) => a.some((x) => b.includes(x));
/** A wish about the other ("partner_gender": ["female"]) is met when there is no wish or it names them. */
const wishMet = (wish: string[], theirs: string[]) => wish.length === 0 || overlaps(wish, theirs);

/** Every hard filter, read from `me`'s side: may `other` be suggested to `me`? */
export function refPasses(
  questions: LoadedQuestion[],
  community: RefCommunity,
  me: RefMember,
  other: RefMember,
): boolean {
  const a = (m: RefMember, filter: string) => answerOf(questions, m.answers, filter);
  if (other.id === me.id || !other.suggestible) return false;
  if (community.hidden.has(`${me.id}>${other.id}`) || community.hidden.has(`${other.id}>${me.id}`))
    return false;
  if (community.pairs.has(pairId(me.id, other.id))) return false;
  // A similar situation: at least one shared answer of every must_share question the member answered.
  for (const q of questions.filter((x) => x.filter === 'must_share')) {
    const mine = me.answers[q.key] ?? [];
    if (mine.length > 0 && !overlaps(mine, other.answers[q.key] ?? [])) return false;
  }
  if (!overlaps(a(me, 'languages'), a(other, 'languages'))) return false;
  const supporter = (m: RefMember) => a(m, 'role')[0] === 'supporter';
  if (supporter(me) && supporter(other)) return false;
  if (!wishMet(a(me, 'partner_gender'), a(other, 'gender'))) return false;
  if (!wishMet(a(other, 'partner_gender'), a(me, 'gender'))) return false;
  if (!wishMet(a(me, 'partner_age'), a(other, 'age_group'))) return false;
  if (!wishMet(a(other, 'partner_age'), a(me, 'age_group'))) return false;
  return true;
}

/** The best `limit` candidates for `meId`: passing every filter, score above 0, best score first, then newest. */
export function refCandidates(
  questions: LoadedQuestion[],
  community: RefCommunity,
  meId: number,
  limit: number,
): RefCandidate[] {
  const me = community.members.get(meId);
  if (!me) return [];
  const mine = refTags(questions, me.answers);
  return [...community.members.values()]
    .filter((other) => refPasses(questions, community, me, other))
    .map((other) => {
      const theirs = new Set(refTags(questions, other.answers));
      return {
        id: other.id,
        score: refScore(questions, me.answers, other.answers),
        shared: mine.filter((t) => theirs.has(t)),
      };
    })
    .filter((c) => c.score > 0)
    .sort((x, y) => y.score - x.score || y.id - x.id)
    .slice(0, Math.max(0, limit));
}

/**
 * "Warum ihr passt" from shared answers: per question in questionnaire order, the labels of the shared
 * options; the sensitive questions together show one generic line, where the first of them would stand,
 * unless `exact` (partners who both show it, decision 029).
 */
export function refReasons(
  questions: LoadedQuestion[],
  shared: string[],
  locale: Locale,
  exact: boolean,
): MatchReason[] {
  const reasons: MatchReason[] = [];
  let generic = false;
  for (const q of questions) {
    const labels = q.options.filter((o) => shared.includes(`${q.key}:${o.key}`)).map((o) => o.label[locale]);
    if (labels.length === 0) continue;
    if (q.sensitive && !exact) {
      if (!generic) reasons.push({ question: IN_COMMON_QUESTION[locale], answers: [q.sensitive[locale]] });
      generic = true;
    } else reasons.push({ question: q.title[locale], answers: labels });
  }
  return reasons;
}

/** The generic line's heading, written out here so the reference does not read the code it checks. */
const IN_COMMON_QUESTION = { de: 'Was euch verbinden kann', en: 'What may connect you' };
