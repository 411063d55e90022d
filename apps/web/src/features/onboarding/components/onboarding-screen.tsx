import { useQueryClient } from '@tanstack/react-query';
import type { Question, QuestionnaireResponse } from '@trostnetz/contracts/questionnaire';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { reloadPartnerViews } from '../../../domain/friendship/friendship.ts';
import { QuestionField } from '../../../domain/questionnaire/question-field.tsx';
import {
  questionsOf,
  stepSchema,
  toAnswers,
  toFormValues,
} from '../../../domain/questionnaire/step-schema.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { applyServerErrors, useZodForm } from '../../../lib/form.ts';
import { returnTarget } from '../../../lib/return-to.ts';
import { useUserStore } from '../../../lib/storage/user-store.ts';
import { track } from '../../../lib/track.ts';
import { useAnswerStep } from '../api/answer-step.ts';
import { questionnaireQuery, useQuestionnaire } from '../api/get-questionnaire.ts';

/** The onboarding questionnaire, one step at a time, resumed at `matching_step`. */
export function OnboardingScreen() {
  const { t } = useTranslation('onboarding');
  const questionnaire = useQuestionnaire();
  const done = useDoneTarget();

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <h1 data-page-heading tabIndex={-1} className="text-2xl font-semibold tracking-tight sm:text-3xl">
        {t('title')}
      </h1>
      <p className="mt-3 text-lg text-muted">{t('intro')}</p>
      <div className="mt-8">
        <QueryView query={questionnaire} loading={t('loading')}>
          {(data) =>
            data.matching_step < 0 ? <Navigate to={done} replace /> : <Questionnaire data={data} />
          }
        </QueryView>
      </div>
    </div>
  );
}

/** Where a finished questionnaire leads: where the member was going (issue 9 item 16), else the dashboard. */
function useDoneTarget(): string {
  return returnTarget(useLocation().search) ?? '/dashboard';
}

function Questionnaire({ data }: { data: QuestionnaireResponse }) {
  const [step, setStep] = useState(() => Math.min(Math.max(data.matching_step, 1), data.steps));
  const role = (data.answers.role as string[] | undefined)?.[0];
  const questions = questionsOf(data.questions, step, role);
  return (
    <StepForm
      key={step}
      step={step}
      steps={data.steps}
      questions={questions}
      saved={data.answers}
      onStep={setStep}
    />
  );
}

interface StepFormProps {
  step: number;
  steps: number;
  questions: Question[];
  saved: QuestionnaireResponse['answers'];
  onStep: (step: number) => void;
}

function StepForm({ step, steps, questions, saved, onStep }: StepFormProps) {
  const { t } = useTranslation('onboarding');
  const navigate = useNavigate();
  const done = useDoneTarget();
  const client = useQueryClient();
  const answerStep = useAnswerStep();
  const toMessage = useErrorMessage();
  const progressRef = useRef<HTMLHeadingElement>(null);
  const form = useZodForm(stepSchema(questions), { defaultValues: toFormValues(questions, saved) });
  const last = step >= steps;

  useEffect(() => {
    // A new step: move focus to its progress line so screen readers announce where they are.
    if (step > 1 || saved.role) progressRef.current?.focus();
  }, [step, saved.role]);

  const onSubmit = form.handleSubmit(async (values) => {
    const answers = toAnswers(questions, values);
    try {
      const result = await answerStep.mutateAsync({ step, answers });
      track('questionnaire_next_step', { step });
      client.setQueryData(questionnaireQuery().queryKey, (old: QuestionnaireResponse | undefined) =>
        old ? { ...old, answers: { ...old.answers, ...answers }, matching_step: result.matching_step } : old,
      );
      const { user, setUser } = useUserStore.getState();
      if (user) setUser({ ...user, matching_step: result.matching_step });
      if (result.done) {
        reloadPartnerViews(client);
        navigate(done, { replace: true, state: { onboarded: true } });
      } else {
        onStep(step + 1);
      }
    } catch (error) {
      if (applyServerErrors(error, form, { prefix: 'answers.' })) return;
      // 409: the saved progress is elsewhere (e.g. another tab); continue there.
      if (isApiError(error) && error.status === 409) {
        const fresh = await client.fetchQuery({ ...questionnaireQuery(), staleTime: 0 });
        if (fresh.matching_step < 0) navigate(done, { replace: true });
        else onStep(Math.max(fresh.matching_step, 1));
      }
    }
  });

  const formError =
    answerStep.isError && !(isApiError(answerStep.error) && answerStep.error.status === 422)
      ? toMessage(answerStep.error)
      : null;

  return (
    <Card>
      <div className="mb-6">
        <h2 ref={progressRef} tabIndex={-1} className="font-semibold text-accent-strong outline-none">
          {t('progress', { step, steps })}
        </h2>
        <div aria-hidden="true" className="mt-2 h-2 overflow-hidden rounded-full bg-warm">
          <div className="h-full rounded-full bg-accent" style={{ width: `${(step / steps) * 100}%` }} />
        </div>
      </div>
      <form noValidate onSubmit={onSubmit} className="space-y-8">
        {formError && <Alert tone="error">{formError}</Alert>}
        {questions.map((question) => (
          <QuestionField key={question.key} question={question} form={form} />
        ))}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-between">
          {step > 1 ? (
            <Button variant="secondary" onClick={() => onStep(step - 1)}>
              {t('back')}
            </Button>
          ) : (
            <span />
          )}
          <Button type="submit" loading={answerStep.isPending} loadingLabel={t('saving')}>
            {last ? t('finish') : t('next')}
          </Button>
        </div>
      </form>
    </Card>
  );
}
