import type { Question, QuestionnaireResponse } from '@trostnetz/contracts/questionnaire';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
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
import { useChangeAnswers } from '../api/change-answers.ts';
import { useQuestionnaire } from '../api/get-questionnaire.ts';

/** "About me" is edited with the profile texts; every other answer step can be opened and saved here. */
const EDITED_ELSEWHERE = new Set(['about']);

/** The questionnaire answers, step by step as in onboarding; saving one step lets matching follow. */
export function AnswersEditor() {
  const { t } = useTranslation('profile');
  const questionnaire = useQuestionnaire();
  return (
    <section aria-labelledby="profile-answers" className="space-y-3">
      <h2 id="profile-answers" className="text-xl font-semibold">
        {t('answers.title')}
      </h2>
      <p className="text-muted">{t('answers.intro')}</p>
      <QueryView query={questionnaire} loading={t('loading')}>
        {(data) => <Steps data={data} />}
      </QueryView>
    </section>
  );
}

function Steps({ data }: { data: QuestionnaireResponse }) {
  const role = (data.answers.role as string[] | undefined)?.[0];
  const steps = Array.from({ length: data.steps }, (_, i) => i + 1)
    .map((step) => ({
      step,
      questions: questionsOf(data.questions, step, role).filter((q) => !EDITED_ELSEWHERE.has(q.key)),
    }))
    .filter((s) => s.questions.length > 0);
  return (
    <div className="space-y-3">
      {steps.map(({ step, questions }) => (
        <StepCard key={step} step={step} questions={questions} saved={data.answers} />
      ))}
    </div>
  );
}

function StepCard({
  step,
  questions,
  saved,
}: {
  step: number;
  questions: Question[];
  saved: QuestionnaireResponse['answers'];
}) {
  const { t } = useTranslation('profile');
  const id = useId();
  const change = useChangeAnswers();
  const toMessage = useErrorMessage();
  const form = useZodForm(stepSchema(questions), { defaultValues: toFormValues(questions, saved) });
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await change.mutateAsync({ step, answers: toAnswers(questions, values) });
      form.reset(values);
    } catch (error) {
      applyServerErrors(error, form, { prefix: 'answers.' });
    }
  });
  const failed = change.isError && !(isApiError(change.error) && change.error.status === 422);
  return (
    <Card>
      <details>
        <summary className="cursor-pointer text-lg font-semibold">
          {questions.map((q) => q.title).join(' · ')}
        </summary>
        <form noValidate onSubmit={onSubmit} className="mt-6 space-y-8" aria-describedby={`${id}-note`}>
          {questions.map((question) => (
            <QuestionField key={question.key} question={question} form={form} />
          ))}
          <p id={`${id}-note`} className="text-sm text-muted">
            {t('answers.note')}
          </p>
          {failed && <Alert tone="error">{toMessage(change.error)}</Alert>}
          {change.isSuccess && !form.formState.isDirty && (
            <Alert tone="success">
              <output>{t('answers.saved')}</output>
            </Alert>
          )}
          <Button type="submit" loading={form.formState.isSubmitting}>
            {t('answers.save')}
          </Button>
        </form>
      </details>
    </Card>
  );
}
