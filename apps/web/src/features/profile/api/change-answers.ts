import { useMutation, useQueryClient } from '@tanstack/react-query';
import { profileApi } from '@trostnetz/contracts/profile.endpoints';
import type { AnswerStepBody } from '@trostnetz/contracts/questionnaire';
import { reloadPartnerViews } from '../../../domain/friendship/friendship.ts';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

/** PUT /api/profile/answers/{step}: one onboarding step again, after onboarding; 422 per `answers.<key>`. */
export async function changeAnswers(step: number, answers: AnswerStepBody['answers']) {
  return checked(api(profileApi.changeAnswers, { params: { step }, body: { answers } }), () =>
    import('@trostnetz/contracts/questionnaire').then((c) => c.answerStepResponse),
  );
}

/** New answers change the suggestions and the own profile's details: both are read again. */
export function useChangeAnswers() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ step, answers }: { step: number; answers: AnswerStepBody['answers'] }) =>
      changeAnswers(step, answers),
    onSuccess: () => {
      reloadPartnerViews(client);
      return client.invalidateQueries({ queryKey: ['questionnaire'] });
    },
  });
}
