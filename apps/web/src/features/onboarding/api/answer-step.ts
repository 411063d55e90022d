import { useMutation } from '@tanstack/react-query';
import { type AnswerStepBody, answerStepResponse } from '@trostnetz/contracts/questionnaire';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/onboarding/steps/{step}: 422 per `answers.<key>`, 409 when skipping ahead. */
export async function answerStep(step: number, answers: AnswerStepBody['answers']) {
  return answerStepResponse.parse(
    await apiRequest<unknown>(`/api/onboarding/steps/${step}`, { method: 'POST', body: { answers } }),
  );
}

export const useAnswerStep = () =>
  useMutation({
    mutationFn: ({ step, answers }: { step: number; answers: AnswerStepBody['answers'] }) =>
      answerStep(step, answers),
  });
