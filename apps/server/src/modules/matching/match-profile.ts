import type { Locale } from '@trostnetz/contracts/messages';
import type { MatchReason } from '@trostnetz/contracts/partners';
import type { Answers, LoadedQuestion } from '../questionnaire/questionnaire.service.ts';

export interface MatchProfileValues {
  role: 'seeker' | 'supporter';
  gender: string | null;
  partnerGenders: string[];
  ageGroup: string | null;
  partnerAges: string[];
  languages: string[];
  tags: string[];
  tagBits: string;
}

const listOf = (v: string[] | string | undefined) => (Array.isArray(v) ? v : []);

/** Derives the filter columns and scored tags ("question:option" of weighted questions) from answers. */
export function profileFromAnswers(questions: LoadedQuestion[], answers: Answers): MatchProfileValues {
  const byFilter = (f: string) => listOf(answers[questions.find((q) => q.filter === f)?.key ?? '']);
  const tags = questions
    .filter((q) => q.weight > 0 && q.kind !== 'text')
    .flatMap((q) => listOf(answers[q.key]).map((o) => `${q.key}:${o}`));
  return {
    role: byFilter('role')[0] === 'supporter' ? 'supporter' : 'seeker',
    gender: byFilter('gender')[0] ?? null,
    partnerGenders: byFilter('partner_gender'),
    ageGroup: byFilter('age_group')[0] ?? null,
    partnerAges: byFilter('partner_age'),
    languages: byFilter('languages'),
    tags,
    tagBits: tagBits(questions, tags),
  };
}

/**
 * Every option of a weighted question owns `weight` consecutive bits, so the bitwise AND of two
 * members' strings has as many ones as their weighted shared answers: score = bit_count(a & b).
 */
export function tagBits(questions: LoadedQuestion[], tags: string[]): string {
  const owned = new Set(tags);
  let bits = '';
  for (const q of questions) {
    if (q.weight <= 0 || q.kind === 'text') continue;
    for (const o of q.options) bits += (owned.has(`${q.key}:${o.key}`) ? '1' : '0').repeat(q.weight);
  }
  return bits;
}

/**
 * "Warum ihr passt": the shared tags stored on the pair when the matcher proposed it, grouped by
 * question, in the member's language. Health data (sensitive questions) is shown as one generic line
 * unless `exact` (the pair are partners): a suggestion never learns which loss the other had.
 */
export function reasonFromTags(
  questions: LoadedQuestion[],
  tags: string[],
  locale: Locale,
  exact: boolean,
): MatchReason[] {
  const reasons: MatchReason[] = [];
  for (const q of questions) {
    const answers = tags
      .filter((t) => t.startsWith(`${q.key}:`))
      .map((t) => q.options.find((o) => o.key === t.slice(q.key.length + 1))?.label[locale])
      .filter((l): l is string => Boolean(l));
    if (!answers.length) continue;
    reasons.push({
      question: q.title[locale],
      answers: q.sensitive && !exact ? [q.sensitive[locale]] : answers,
    });
  }
  return reasons;
}
