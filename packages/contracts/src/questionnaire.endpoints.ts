import { get, post } from './endpoint.ts';

/** The onboarding questionnaire, step by step. */
export const questionnaireApi = {
  get: get('/api/onboarding/questionnaire'),
  answerStep: post('/api/onboarding/steps/:step'),
} as const;
