/**
 * The onboarding questionnaire as seed data (DESIGN.md §4: versioned data, not code). Seeded into the
 * database at start; `weight` scores shared answers in matching, `filter` names the hard filter a
 * question feeds. Bump QUESTIONNAIRE_VERSION when the content changes.
 */
export declare const QUESTIONNAIRE_VERSION = 1;
/** must_share: a suggestion shares at least one answer of this question ("a similar situation"). */
export type Filter = 'must_share' | 'role' | 'gender' | 'partner_gender' | 'age_group' | 'partner_age' | 'languages' | 'region' | 'about';
type Text = {
    de: string;
    en: string;
};
export interface QuestionSeed {
    key: string;
    step: number;
    kind: 'single' | 'multi' | 'text';
    required: boolean;
    weight: number;
    filter: Filter | null;
    role: 'seeker' | 'supporter' | null;
    maxLength?: number;
    title: Text;
    help?: Text;
    options: Array<{
        key: string;
    } & Text>;
}
export declare const questionnaire: QuestionSeed[];
export declare const QUESTIONNAIRE_STEPS: number;
export {};
