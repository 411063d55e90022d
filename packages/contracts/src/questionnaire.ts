import { z } from 'zod';
import { textField } from './fields.ts';
import { vmsg } from './messages.ts';

/** The onboarding questionnaire as the web app renders it (texts already in the request language). */
export const questionOption = z.object({ key: z.string(), label: z.string() });
export const question = z.object({
  key: z.string(),
  step: z.number().int().positive(),
  kind: z.enum(['single', 'multi', 'text']),
  required: z.boolean(),
  title: z.string(),
  help: z.string().nullable(),
  max_length: z.number().int().nullable(),
  /** Only shown to members of this role (e.g. partner preferences for seekers); null = everyone. */
  role: z.enum(['seeker', 'supporter']).nullable(),
  options: z.array(questionOption),
});
export type Question = z.infer<typeof question>;

export const answerValue = z.union([z.array(textField().max(64)).max(20), textField().max(1000)]);
export const questionnaireResponse = z.object({
  version: z.number().int(),
  steps: z.number().int(),
  matching_step: z.number().int(),
  questions: z.array(question),
  answers: z.record(z.string(), answerValue),
});
export type QuestionnaireResponse = z.infer<typeof questionnaireResponse>;

export const answerStepParams = z.object({
  step: z.coerce
    .number({ error: vmsg('invalid') })
    .int()
    .positive(),
});
export const answerStepBody = z.object({ answers: z.record(textField().max(64), answerValue) });
export type AnswerStepBody = z.infer<typeof answerStepBody>;
export const answerStepResponse = z.object({ matching_step: z.number().int(), done: z.boolean() });
