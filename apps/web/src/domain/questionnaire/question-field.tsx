import type { Question } from '@trostnetz/contracts/questionnaire';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cn } from '../../components/ui/cn.ts';
import { TextareaField } from '../../components/ui/textarea-field.tsx';
import { useFieldState } from '../../lib/form.ts';

// biome-ignore lint/suspicious/noExplicitAny: the step's schema is built at run time
type StepForm = UseFormReturn<Record<string, unknown>, any, any>;

function RequiredMark({ required }: { required: boolean }) {
  const { t } = useTranslation('onboarding');
  return (
    <span className={cn('ml-1 text-sm font-normal', required ? 'text-accent-strong' : 'text-muted')}>
      ({required ? t('required') : t('optional')})
    </span>
  );
}

/** One question from the data: radio group, checkboxes or a text with counter. */
export function QuestionField({ question, form }: { question: Question; form: StepForm }) {
  const { t } = useTranslation('onboarding');
  const id = useId();
  const state = useFieldState(form, question.key);
  const value = form.watch(question.key);

  if (question.kind === 'text') {
    const max = question.max_length;
    return (
      <TextareaField
        label={
          <>
            {question.title} <RequiredMark required={question.required} />
          </>
        }
        hint={question.help ?? undefined}
        rows={5}
        maxLength={max ?? undefined}
        aria-required={question.required || undefined}
        counter={max ? t('counter', { count: typeof value === 'string' ? value.length : 0, max }) : undefined}
        registration={form.register(question.key)}
        {...state}
      />
    );
  }

  const helpId = question.help ? `${id}-help` : undefined;
  const errorId = state.error ? `${id}-error` : undefined;
  const type = question.kind === 'single' ? 'radio' : 'checkbox';
  return (
    <fieldset
      aria-describedby={[helpId, errorId].filter(Boolean).join(' ') || undefined}
      aria-invalid={state.error ? true : undefined}
      className="space-y-3"
      data-question={question.key}
    >
      <legend className="text-lg font-semibold">
        {question.title} <RequiredMark required={question.required} />
      </legend>
      {question.help && (
        <p id={helpId} className="text-muted">
          {question.help}
        </p>
      )}
      <div className={cn('grid gap-2', question.options.length > 6 && 'sm:grid-cols-2')}>
        {question.options.map((option) => (
          <label
            key={option.key}
            className="flex min-h-12 cursor-pointer items-center gap-3 rounded-xl border border-line-strong bg-surface px-4 py-2 has-checked:border-accent has-checked:bg-accent-soft"
          >
            <input
              type={type}
              value={option.key}
              className={cn('size-5 shrink-0 accent-accent', state.validity)}
              {...form.register(question.key)}
            />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      {state.error && (
        <p id={errorId} className="text-sm font-medium text-danger">
          {state.error}
        </p>
      )}
    </fieldset>
  );
}
