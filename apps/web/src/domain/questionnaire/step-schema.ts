// The questionnaire as a form, shared by onboarding and the profile (answers can be changed later).
import { vmsg } from '@trostnetz/contracts/messages';
import type { AnswerStepBody, Question } from '@trostnetz/contracts/questionnaire';
import { z } from 'zod';

export type StepValues = Record<string, string | string[]>;

/** The rules the server checks (required, max length), so mistakes show before sending. */
function fieldSchema(q: Question): z.ZodType {
  if (q.kind === 'text') {
    let text = z.string().trim();
    if (q.required) text = text.min(1, vmsg('required'));
    if (q.max_length) text = text.max(q.max_length, vmsg('max', q.max_length));
    return text;
  }
  if (q.kind === 'single') {
    return q.required ? z.string({ error: vmsg('required') }).min(1, vmsg('required')) : z.string().nullish();
  }
  const many = z.array(z.string(), { error: vmsg('required') });
  return q.required ? many.min(1, vmsg('required')) : many;
}

export function stepSchema(questions: Question[]) {
  return z.object(Object.fromEntries(questions.map((q) => [q.key, fieldSchema(q)])));
}

/** Form values from saved answers: a radio group holds one key, checkboxes a list. */
export function toFormValues(questions: Question[], saved: AnswerStepBody['answers']): StepValues {
  return Object.fromEntries(
    questions.map((q) => {
      const value = saved[q.key];
      if (q.kind === 'text') return [q.key, typeof value === 'string' ? value : ''];
      const keys = Array.isArray(value) ? value : [];
      return [q.key, q.kind === 'single' ? (keys[0] ?? '') : keys];
    }),
  );
}

/** The body the server expects: option keys as lists, texts as strings. */
export function toAnswers(questions: Question[], values: Record<string, unknown>): AnswerStepBody['answers'] {
  return Object.fromEntries(
    questions.map((q) => {
      const value = values[q.key];
      if (q.kind === 'text') return [q.key, typeof value === 'string' ? value.trim() : ''];
      if (q.kind === 'single') return [q.key, typeof value === 'string' && value ? [value] : []];
      return [q.key, Array.isArray(value) ? value.map(String) : []];
    }),
  );
}

/** Role-specific questions are shown only to members of that role. */
export function questionsOf(questions: Question[], step: number, role: string | undefined): Question[] {
  return questions.filter((q) => q.step === step && (q.role === null || q.role === role));
}
