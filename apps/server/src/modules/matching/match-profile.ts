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
  };
}

/** Weights aligned with tags, for the scoring query. */
export function tagWeights(questions: LoadedQuestion[], tags: string[]): number[] {
  return tags.map((t) => questions.find((q) => q.key === t.split(':')[0])?.weight ?? 0);
}

/** "Warum ihr passt": shared tags grouped by question, in the member's language. */
export function reasonFromTags(questions: LoadedQuestion[], tags: string[], locale: Locale): MatchReason[] {
  const reasons: MatchReason[] = [];
  for (const q of questions) {
    const answers = tags
      .filter((t) => t.startsWith(`${q.key}:`))
      .map((t) => q.options.find((o) => o.key === t.slice(q.key.length + 1))?.label[locale])
      .filter((l): l is string => Boolean(l));
    if (answers.length) reasons.push({ question: q.title[locale], answers });
  }
  return reasons;
}
