import type { Locale } from '@trostnetz/contracts/messages';
import { vmsg } from '@trostnetz/contracts/messages';
import type { AnswerStepBody, QuestionnaireResponse } from '@trostnetz/contracts/questionnaire';
import { asc, eq, isNull, notInArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  questionnaireAnswers,
  questionnaireOptions,
  questionnaireQuestions,
} from '../../db/schema/questionnaire.ts';
import { users } from '../../db/schema/users.ts';
import { validationError } from '../../lib/app-error.ts';
import {
  type Filter,
  QUESTIONNAIRE_STEPS,
  QUESTIONNAIRE_VERSION,
  questionnaire,
} from './questionnaire.data.ts';

/** Idempotent: brings the database's questionnaire to the version in questionnaire.data.ts. */
export async function seedQuestionnaire(db: Db) {
  const [current] = await db
    .select({ v: sql<number>`coalesce(min(${questionnaireQuestions.version}), 0)` })
    .from(questionnaireQuestions)
    .where(isNull(questionnaireQuestions.retiredAt));
  if (Number(current?.v) === QUESTIONNAIRE_VERSION) return;
  await db.transaction(async (tx) => {
    for (const [position, q] of questionnaire.entries()) {
      const row = {
        version: QUESTIONNAIRE_VERSION,
        position,
        step: q.step,
        kind: q.kind,
        required: q.required,
        weight: q.weight,
        filter: q.filter,
        role: q.role,
        maxLength: q.maxLength ?? null,
        title: q.title,
        help: q.help ?? null,
        sensitiveSummary: q.sensitive ?? null,
        retiredAt: null,
      };
      await tx
        .insert(questionnaireQuestions)
        .values({ key: q.key, ...row })
        .onConflictDoUpdate({
          target: questionnaireQuestions.key,
          set: row,
        });
      await tx.delete(questionnaireOptions).where(eq(questionnaireOptions.questionKey, q.key));
      if (q.options.length) {
        await tx.insert(questionnaireOptions).values(
          q.options.map((o, i) => ({
            questionKey: q.key,
            key: o.key,
            position: i,
            label: { de: o.de, en: o.en },
          })),
        );
      }
    }
    await tx
      .update(questionnaireQuestions)
      .set({ retiredAt: new Date() })
      .where(
        notInArray(
          questionnaireQuestions.key,
          questionnaire.map((q) => q.key),
        ),
      );
  });
}

export interface LoadedQuestion {
  key: string;
  step: number;
  kind: 'single' | 'multi' | 'text';
  required: boolean;
  weight: number;
  filter: Filter | null;
  role: 'seeker' | 'supporter' | null;
  maxLength: number | null;
  title: { de: string; en: string };
  help: { de: string; en: string } | null;
  /** Health data: the generic line shown instead of an exact shared answer until the pair are partners. */
  sensitive: { de: string; en: string } | null;
  options: Array<{ key: string; label: { de: string; en: string } }>;
}

let cache: { version: number; questions: LoadedQuestion[] } | null = null;

/** The live questionnaire, read from the database once per process and version. */
export async function loadQuestionnaire(db: Db): Promise<LoadedQuestion[]> {
  if (cache?.version === QUESTIONNAIRE_VERSION) return cache.questions;
  const qs = await db
    .select()
    .from(questionnaireQuestions)
    .where(isNull(questionnaireQuestions.retiredAt))
    .orderBy(asc(questionnaireQuestions.position));
  const opts = await db.select().from(questionnaireOptions).orderBy(asc(questionnaireOptions.position));
  const questions = qs.map((q) => ({
    key: q.key,
    step: q.step,
    kind: q.kind,
    required: q.required,
    weight: q.weight,
    filter: q.filter as Filter | null,
    role: q.role,
    maxLength: q.maxLength,
    title: q.title,
    help: q.help ?? null,
    sensitive: q.sensitiveSummary ?? null,
    options: opts.filter((o) => o.questionKey === q.key).map((o) => ({ key: o.key, label: o.label })),
  }));
  cache = { version: QUESTIONNAIRE_VERSION, questions };
  return questions;
}

export type Answers = Record<string, string[] | string>;

export async function answersOf(db: Db, userId: number): Promise<Answers> {
  const rows = await db.select().from(questionnaireAnswers).where(eq(questionnaireAnswers.userId, userId));
  return Object.fromEntries(rows.map((r) => [r.questionKey, r.textValue ?? r.optionKeys]));
}

export async function questionnaireFor(
  db: Db,
  member: { id: number; matchingStep: number },
  locale: Locale,
): Promise<QuestionnaireResponse> {
  const questions = await loadQuestionnaire(db);
  return {
    version: QUESTIONNAIRE_VERSION,
    steps: QUESTIONNAIRE_STEPS,
    matching_step: member.matchingStep,
    answers: await answersOf(db, member.id),
    questions: questions.map((q) => ({
      key: q.key,
      step: q.step,
      kind: q.kind,
      required: q.required,
      title: q.title[locale],
      help: q.help?.[locale] ?? null,
      max_length: q.maxLength,
      role: q.role,
      options: q.options.map((o) => ({ key: o.key, label: o.label[locale] })),
    })),
  };
}

/** Checks one step's answers against the questionnaire; 422 with a message per question. */
export function validateStep(
  questions: LoadedQuestion[],
  step: number,
  answers: AnswerStepBody['answers'],
  role: 'seeker' | 'supporter',
) {
  // Questions meant for the other role are neither asked nor accepted.
  const ofStep = questions.filter((q) => q.step === step && (!q.role || q.role === role));
  if (!ofStep.length) throw validationError({ step: [vmsg('invalid')] });
  const errors: Record<string, string[]> = {};
  const clean: Answers = {};
  for (const key of Object.keys(answers)) {
    if (!ofStep.some((q) => q.key === key)) errors[`answers.${key}`] = [vmsg('invalid')];
  }
  for (const q of ofStep) {
    const value = answers[q.key];
    const field = `answers.${q.key}`;
    if (q.kind === 'text') {
      const text = typeof value === 'string' ? value.trim() : value === undefined ? '' : null;
      if (text === null) errors[field] = [vmsg('invalid')];
      else if (q.required && !text) errors[field] = [vmsg('required')];
      else if (q.maxLength && text.length > q.maxLength) errors[field] = [vmsg('max', q.maxLength)];
      else clean[q.key] = text;
      continue;
    }
    const keys = value === undefined ? [] : Array.isArray(value) ? [...new Set(value)] : null;
    if (keys === null || keys.some((k) => !q.options.some((o) => o.key === k)))
      errors[field] = [vmsg('invalid')];
    else if (q.required && keys.length === 0) errors[field] = [vmsg('required')];
    else if (q.kind === 'single' && keys.length > 1) errors[field] = [vmsg('max_value', 1)];
    else clean[q.key] = keys;
  }
  if (Object.keys(errors).length) throw validationError(errors);
  return clean;
}

export async function saveAnswers(db: Db, userId: number, answers: Answers) {
  const rows = Object.entries(answers).map(([questionKey, v]) => ({
    userId,
    questionKey,
    optionKeys: Array.isArray(v) ? v : [],
    textValue: Array.isArray(v) ? null : v,
    updatedAt: new Date(),
  }));
  if (!rows.length) return;
  await db
    .insert(questionnaireAnswers)
    .values(rows)
    .onConflictDoUpdate({
      target: [questionnaireAnswers.userId, questionnaireAnswers.questionKey],
      set: {
        optionKeys: sql`excluded.option_keys`,
        textValue: sql`excluded.text_value`,
        updatedAt: sql`excluded.updated_at`,
      },
    });
  const about = answers.about;
  if (typeof about === 'string') await db.update(users).set({ about }).where(eq(users.id, userId));
}

/** A negative step finishes onboarding; the first time is kept as `onboarded_at` (answering again keeps it). */
export async function setMatchingStep(db: Db, userId: number, step: number) {
  const now = new Date();
  await db
    .update(users)
    .set({
      matchingStep: step,
      updatedAt: now,
      ...(step < 0
        ? { onboardedAt: sql`coalesce(${users.onboardedAt}, ${now.toISOString()}::timestamptz)` }
        : {}),
    })
    .where(eq(users.id, userId));
}
