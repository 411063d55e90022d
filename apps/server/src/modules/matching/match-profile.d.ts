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
/** Derives the filter columns and scored tags ("question:option" of weighted questions) from answers. */
export declare function profileFromAnswers(questions: LoadedQuestion[], answers: Answers): MatchProfileValues;
/**
 * Every option of a weighted question owns `weight` consecutive bits, so the bitwise AND of two
 * members' strings has as many ones as their weighted shared answers: score = bit_count(a & b).
 */
export declare function tagBits(questions: LoadedQuestion[], tags: string[]): string;
/** "Warum ihr passt": shared tags grouped by question, in the member's language. */
export declare function reasonFromTags(questions: LoadedQuestion[], tags: string[], locale: Locale): MatchReason[];
