import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuestionnaireResponse } from '@trostnetz/contracts/questionnaire';
import { checked } from '../../../lib/answer.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { getLocale } from '../../../lib/i18n.ts';

/** GET /api/onboarding/questionnaire: questions in the request language, saved answers, next step. */
export async function getQuestionnaire(): Promise<QuestionnaireResponse> {
  return checked(apiRequest<unknown>('/api/onboarding/questionnaire'), () =>
    import('@trostnetz/contracts/questionnaire').then((c) => c.questionnaireResponse),
  );
}

// The texts come in the request language, so the language is part of the key.
export const questionnaireQuery = () =>
  queryOptions({ queryKey: ['questionnaire', getLocale()], queryFn: getQuestionnaire, staleTime: Infinity });

export const useQuestionnaire = () => useQuery(questionnaireQuery());
