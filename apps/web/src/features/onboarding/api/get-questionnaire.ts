import { queryOptions, useQuery } from '@tanstack/react-query';
import type { QuestionnaireResponse } from '@trostnetz/contracts/questionnaire';
import { questionnaireApi } from '@trostnetz/contracts/questionnaire.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { getLocale } from '../../../lib/i18n.ts';

/** GET /api/onboarding/questionnaire: questions in the request language, saved answers, next step. */
export async function getQuestionnaire(): Promise<QuestionnaireResponse> {
  return checked(api(questionnaireApi.get), () =>
    import('@trostnetz/contracts/questionnaire').then((c) => c.questionnaireResponse),
  );
}

// The texts come in the request language, so the language is part of the key.
export const questionnaireQuery = () =>
  queryOptions({ queryKey: ['questionnaire', getLocale()], queryFn: getQuestionnaire, staleTime: Infinity });

export const useQuestionnaire = () => useQuery(questionnaireQuery());
