import {
  type AdminReport,
  MODERATION_RULES,
  REPORT_DECISIONS,
  reportDecisionBody,
} from '@trostnetz/contracts/admin';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { inputClass } from '../../../../components/ui/text-field.tsx';
import { TextareaField } from '../../../../components/ui/textarea-field.tsx';
import { useErrorMessage } from '../../../../lib/error-message.ts';
import { submitWith, useFieldState, useZodForm } from '../../../../lib/form.ts';
import { useDecideReport } from '../../api/reports.ts';
import { CONSOLE_NS } from '../../console-texts.ts';
import { FieldError } from '../shared/field-error.tsx';

/**
 * The decision on a report the moderator has taken: what is done, under which rule, the statement of
 * reasons the author receives (DSA Art. 17) and a note only the team reads.
 */
export function DecisionForm({ report }: { report: AdminReport }) {
  const { t } = useTranslation(CONSOLE_NS);
  const id = useId();
  const decide = useDecideReport(report.id);
  const toMessage = useErrorMessage();
  const form = useZodForm(reportDecisionBody, {
    defaultValues: { decision: undefined, rule: undefined, statement: '', note: '', until: '' },
  });
  const decision = form.watch('decision');
  const statement = useFieldState(form, 'statement');
  const note = useFieldState(form, 'note');
  const rule = useFieldState(form, 'rule');
  const decisionState = useFieldState(form, 'decision');
  const until = useFieldState(form, 'until');

  // An end date only goes with a suspension; an empty note is no note.
  const onSubmit = submitWith(form, (values) =>
    decide.mutateAsync({
      ...values,
      until: values.decision === 'member_suspended' ? values.until : undefined,
      note: values.note || undefined,
    }),
  );

  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-labelledby={`${id}-title`}
      className="space-y-5 rounded-2xl border border-accent/30 bg-surface p-5"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        {t('decision.title')}
      </h2>
      {decide.isError && <Alert tone="error">{toMessage(decide.error)}</Alert>}
      <fieldset aria-describedby={decisionState.error ? `${id}-decision-error` : undefined}>
        <legend className="font-medium">{t('decision.label')}</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {REPORT_DECISIONS.map((d) => (
            <label
              key={d}
              className="flex min-h-11 items-center gap-3 rounded-xl border border-line px-3 py-2 has-[:checked]:border-accent has-[:checked]:bg-accent-soft"
            >
              <input type="radio" value={d} className="size-5 accent-accent" {...form.register('decision')} />
              {t(`decisions.${d}`)}
            </label>
          ))}
        </div>
        <FieldError id={`${id}-decision-error`} message={decisionState.error} />
      </fieldset>
      <div className="space-y-1.5">
        <label htmlFor={`${id}-rule`} className="block font-medium">
          {t('decision.rule')}
        </label>
        <select
          id={`${id}-rule`}
          className={`${inputClass} ${rule.validity ?? ''}`}
          aria-invalid={rule.error ? true : undefined}
          aria-describedby={rule.error ? `${id}-rule-error` : undefined}
          {...form.register('rule')}
        >
          <option value="">{t('decision.chooseRule')}</option>
          {MODERATION_RULES.map((r) => (
            <option key={r} value={r}>
              {t(`moderation:rules.${r}`)}
            </option>
          ))}
        </select>
        <FieldError id={`${id}-rule-error`} message={rule.error} />
      </div>
      {decision === 'member_suspended' && (
        <div className="space-y-1.5">
          <label htmlFor={`${id}-until`} className="block font-medium">
            {t('decision.until')}
          </label>
          <input
            id={`${id}-until`}
            type="date"
            className={`${inputClass} ${until.validity ?? ''}`}
            aria-invalid={until.error ? true : undefined}
            aria-describedby={until.error ? `${id}-until-error` : undefined}
            {...form.register('until')}
          />
          <FieldError id={`${id}-until-error`} message={until.error} />
        </div>
      )}
      <TextareaField
        label={t('decision.statement')}
        hint={t('decision.statementHint')}
        registration={form.register('statement')}
        {...statement}
      />
      <TextareaField
        label={t('decision.note')}
        hint={t('decision.noteHint')}
        rows={3}
        registration={form.register('note')}
        {...note}
      />
      <Button type="submit" loading={decide.isPending} loadingLabel={t('decision.sending')}>
        {t('decision.submit')}
      </Button>
    </form>
  );
}
