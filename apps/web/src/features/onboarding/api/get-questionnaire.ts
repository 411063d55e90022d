import { queryOptions, useQuery } from '@tanstack/react-query';
import { type QuestionnaireResponse, questionnaireResponse } from '@trostnetz/contracts/questionnaire';
import { apiRequest } from '../../../lib/api-client.ts';
import { getLocale } from '../../../lib/i18n.ts';

/** GET /api/onboarding/questionnaire: questions in the request language, saved answers, next step. */
export async function getQuestionnaire(): Promise<QuestionnaireResponse> {
  return questionnaireResponse.parse(await apiRequest<unknown>('/api/onboarding/questionnaire'));
}

// The texts come in the request language, so the language is part of the key.
export const questionnaireQuery = () =>
  queryOptions({ queryKey: ['questionnaire', getLocale()], queryFn: getQuestionnaire, staleTime: Infinity });

export const useQuestionnaire = () => useQuery(questionnaireQuery());
