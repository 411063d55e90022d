import { queryOptions, useQuery } from '@tanstack/react-query';
import { type QuestionnaireResponse, questionnaireResponse } from '@trostnetz/contracts/questionnaire';
import { apiRequest } from '../../../lib/api-client.ts';
import { getLocale } from '../../../lib/i18n.ts';

/** GET /api/onboarding/questionnaire: the questions in the request language and the saved answers. */
export async function getQuestionnaire(): Promise<QuestionnaireResponse> {
  return questionnaireResponse.parse(await apiRequest<unknown>('/api/onboarding/questionnaire'));
}

export const questionnaireQuery = () =>
  queryOptions({ queryKey: ['questionnaire', getLocale()], queryFn: getQuestionnaire });

export const useQuestionnaire = () => useQuery(questionnaireQuery());
