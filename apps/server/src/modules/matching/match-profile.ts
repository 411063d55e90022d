import type { Locale } from '@trostnetz/contracts/messages';
import type { MatchReason } from '@trostnetz/contracts/partners';
import { serverTexts } from '../../i18n/catalogue.ts';
import type { Filter } from '../questionnaire/questionnaire.data.ts';
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
  /** The hard filters packed for the scan (decision 017), see `optionBits`. */
  shareBits: number;
  languageBits: number;
  genderBits: number;
  partnerGenderBits: number;
  ageBits: number;
  partnerAgeBits: number;
}

const listOf = (v: string[] | string | undefined) => (Array.isArray(v) ? v : []);

/** Derives the filter columns and scored tags ("question:option" of weighted questions) from answers. */
export function profileFromAnswers(questions: LoadedQuestion[], answers: Answers): MatchProfileValues {
  const byFilter = (f: string) => listOf(answers[questions.find((q) => q.filter === f)?.key ?? '']);
  const tags = questions
    .filter((q) => q.weight > 0 && q.kind !== 'text')
    .flatMap((q) => listOf(answers[q.key]).map((o) => `${q.key}:${o}`));
  const gender = byFilter('gender')[0] ?? null;
  const partnerGenders = byFilter('partner_gender');
  const ageGroup = byFilter('age_group')[0] ?? null;
  const partnerAges = byFilter('partner_age');
  const languages = byFilter('languages');
  // A wish about the other is read over the options of the question about oneself (same keys).
  const options = (f: Filter) => questions.find((q) => q.filter === f)?.options.map((o) => o.key) ?? [];
  const mustShare = questions.filter((q) => q.filter === 'must_share');
  return {
    role: byFilter('role')[0] === 'supporter' ? 'supporter' : 'seeker',
    gender,
    partnerGenders,
    ageGroup,
    partnerAges,
    languages,
    tags,
    tagBits: tagBits(questions, tags),
    shareBits: optionBits(
      mustShare.flatMap((q) => q.options.map((o) => `${q.key}:${o.key}`)),
      mustShare.flatMap((q) => listOf(answers[q.key]).map((o) => `${q.key}:${o}`)),
    ),
    languageBits: optionBits(options('languages'), languages),
    // Stryker disable next-line ArrayDeclaration: equivalent, an answer that is not an option sets no bit (match-profile.test.ts)
    genderBits: optionBits(options('gender'), gender ? [gender] : []),
    partnerGenderBits: optionBits(options('gender'), partnerGenders),
    // Stryker disable next-line ArrayDeclaration: equivalent, an answer that is not an option sets no bit (match-profile.test.ts)
    ageBits: optionBits(options('age_group'), ageGroup ? [ageGroup] : []),
    partnerAgeBits: optionBits(options('age_group'), partnerAges),
  };
}

/**
 * A filter packed into one integer: bit i is set when the i-th of `options` is among `keys`, so "do two
 * members share an answer" is `a & b <> 0` (decision 017). The must_share questions' options count on
 * from one question to the next. Thirty-one options at most (a PostgreSQL integer).
 */
export function optionBits(options: string[], keys: string[]): number {
  if (options.length > 31) throw new Error(`a filter question has ${options.length} options, 31 fit`);
  let bits = 0;
  for (const key of keys) {
    const i = options.indexOf(key);
    if (i >= 0) bits |= 1 << i;
  }
  return bits;
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
 * question, in the member's language. Health data (sensitive questions) shows as one generic line for all
 * of them together unless `exact` allows that question: a suggestion never learns which loss the other had,
 * nor whether it was also as long ago.
 */
export function reasonFromTags(
  questions: LoadedQuestion[],
  tags: string[],
  locale: Locale,
  exact: (questionKey: string) => boolean,
): MatchReason[] {
  const reasons: MatchReason[] = [];
  let generic: MatchReason | null = null;
  for (const q of questions) {
    const answers = tags
      .filter((t) => t.startsWith(`${q.key}:`))
      .map((t) => q.options.find((o) => o.key === t.slice(q.key.length + 1))?.label[locale])
      .filter((l): l is string => Boolean(l));
    if (!answers.length) continue;
    if (!q.sensitive || exact(q.key)) {
      reasons.push({ question: q.title[locale], answers });
    } else if (!generic) {
      generic = { question: serverTexts[locale]['match.in_common_question'], answers: [q.sensitive[locale]] };
      reasons.push(generic);
    }
  }
  return reasons;
}
