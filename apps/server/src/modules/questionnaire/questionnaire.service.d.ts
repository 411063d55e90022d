import type { Locale } from '@trostnetz/contracts/messages';
import type { AnswerStepBody, QuestionnaireResponse } from '@trostnetz/contracts/questionnaire';
import type { Db } from '../../db/client.ts';
import { type Filter } from './questionnaire.data.ts';
/** Idempotent: brings the database's questionnaire to the version in questionnaire.data.ts. */
export declare function seedQuestionnaire(db: Db): Promise<void>;
export interface LoadedQuestion {
    key: string;
    step: number;
    kind: 'single' | 'multi' | 'text';
    required: boolean;
    weight: number;
    filter: Filter | null;
    role: 'seeker' | 'supporter' | null;
    maxLength: number | null;
    title: {
        de: string;
        en: string;
    };
    help: {
        de: string;
        en: string;
    } | null;
    options: Array<{
        key: string;
        label: {
            de: string;
            en: string;
        };
    }>;
}
/** The live questionnaire, read from the database once per process and version. */
export declare function loadQuestionnaire(db: Db): Promise<LoadedQuestion[]>;
export type Answers = Record<string, string[] | string>;
export declare function answersOf(db: Db, userId: number): Promise<Answers>;
export declare function questionnaireFor(db: Db, member: {
    id: number;
    matchingStep: number;
}, locale: Locale): Promise<QuestionnaireResponse>;
/** Checks one step's answers against the questionnaire; 422 with a message per question. */
export declare function validateStep(questions: LoadedQuestion[], step: number, answers: AnswerStepBody['answers']): Answers;
export declare function saveAnswers(db: Db, userId: number, answers: Answers): Promise<void>;
export declare function setMatchingStep(db: Db, userId: number, step: number): Promise<void>;
