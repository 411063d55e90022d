import { APPEAL_DECISIONS, appealDecisionBody } from '@trostnetz/contracts/admin';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { TextareaField } from '../../../../components/ui/textarea-field.tsx';
import { useErrorMessage } from '../../../../lib/error-message.ts';
import { submitWith, useFieldState, useZodForm } from '../../../../lib/form.ts';
import { useDecideAppeal } from '../../api/appeals.ts';
import { CONSOLE_NS } from '../../console-texts.ts';
import { FieldError } from '../shared/field-error.tsx';

/** Upheld (the decision stays) or reversed (content back, suspension lifted); the member is told why. */
export function AppealDecisionForm({ appealId }: { appealId: number }) {
  const { t } = useTranslation(CONSOLE_NS);
  const id = useId();
  const decide = useDecideAppeal(appealId);
  const toMessage = useErrorMessage();
  const form = useZodForm(appealDecisionBody, { defaultValues: { decision: undefined, statement: '' } });
  const decision = useFieldState(form, 'decision');
  const statement = useFieldState(form, 'statement');
  const onSubmit = submitWith(form, (values) => decide.mutateAsync(values));

  return (
    <form noValidate onSubmit={onSubmit} className="space-y-4" aria-labelledby={`${id}-legend`}>
      {decide.isError && <Alert tone="error">{toMessage(decide.error)}</Alert>}
      <fieldset>
        <legend id={`${id}-legend`} className="font-semibold">
          {t('appeals.decide')}
        </legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {APPEAL_DECISIONS.map((d) => (
            <label
              key={d}
              className="flex min-h-11 items-center gap-3 rounded-xl border border-line px-3 py-2 has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
            >
              <input type="radio" value={d} className="size-5 accent-accent" {...form.register('decision')} />
              {t(`appeals.decisions.${d}`)}
            </label>
          ))}
        </div>
        <FieldError id={`${id}-decision-error`} message={decision.error} />
      </fieldset>
      <TextareaField
        label={t('appeals.statement')}
        hint={t('appeals.statementHint')}
        registration={form.register('statement')}
        {...statement}
      />
      <Button type="submit" loading={decide.isPending} loadingLabel={t('decision.sending')}>
        {t('appeals.submit')}
      </Button>
    </form>
  );
}
