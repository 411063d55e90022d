import { useMutation } from '@tanstack/react-query';
import type { AnswerStepBody } from '@trostnetz/contracts/questionnaire';
import { questionnaireApi } from '@trostnetz/contracts/questionnaire.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/onboarding/steps/{step}: 422 per `answers.<key>`, 409 when skipping ahead. */
export async function answerStep(step: number, answers: AnswerStepBody['answers']) {
  return checked(api(questionnaireApi.answerStep, { params: { step }, body: { answers } }), () =>
    import('@trostnetz/contracts/questionnaire').then((c) => c.answerStepResponse),
  );
}

export const useAnswerStep = () =>
  useMutation({
    mutationFn: ({ step, answers }: { step: number; answers: AnswerStepBody['answers'] }) =>
      answerStep(step, answers),
  });
