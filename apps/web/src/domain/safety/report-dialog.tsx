import { useMutation } from '@tanstack/react-query';
import { reportBody, reportReasons } from '@trostnetz/contracts/safety';
import { Flag } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog } from '../../components/ui/dialog.tsx';
import { TextareaField } from '../../components/ui/textarea-field.tsx';
import { useErrorMessage } from '../../lib/error-message.ts';
import { useFieldState, useZodForm } from '../../lib/form.ts';

const form = reportBody.pick({ reason: true, details: true });
export type ReportValues = { reason: (typeof reportReasons)[number]; details?: string };
type ReportReason = (typeof reportReasons)[number];
const DETAILS_MAX = 2000;

/**
 * Report something (a profile, a post, a comment) with a reason; the moderators look at it, the member
 * gets a thank-you. The caller names what is reported and sends it (`onReport`).
 */
export function ReportDialog({
  title,
  text,
  triggerLabel,
  onReport,
  reasons = reportReasons,
  trigger,
}: {
  title: string;
  text: string;
  /** The visible label of the trigger button; its accessible name too. */
  triggerLabel: string;
  /** A trigger of the caller's own in place of the flag button (e.g. "Ja, melden" under a message). */
  trigger?: ReactNode;
  onReport: (values: ReportValues) => Promise<unknown>;
  reasons?: readonly ReportReason[];
}) {
  const { t } = useTranslation('safety');
  const [open, setOpen] = useState(false);
  const report = useMutation({ mutationFn: onReport });
  const toMessage = useErrorMessage();
  const reportForm = useZodForm(form, {
    defaultValues: { reason: undefined as unknown as z.input<typeof form>['reason'], details: '' },
  });
  const reason = useFieldState(reportForm, 'reason');
  const details = useFieldState(reportForm, 'details');
  const length = (reportForm.watch('details') ?? '').length;

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      reportForm.reset();
      report.reset();
    }
  };

  const onSubmit = reportForm.handleSubmit(async (values) => {
    try {
      await report.mutateAsync({ reason: values.reason, details: values.details || undefined });
    } catch {
      // Shown below.
    }
  });

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={report.isSuccess ? undefined : text}
      closeLabel={t('report.cancel')}
      trigger={
        trigger ?? (
          <Button variant="ghost" size="sm">
            <Flag aria-hidden="true" className="size-5" />
            {triggerLabel}
          </Button>
        )
      }
    >
      {report.isSuccess ? (
        <div className="space-y-5">
          <Alert tone="success">{t('report.thanks')}</Alert>
          <div className="flex justify-end">
            <Button onClick={() => onOpenChange(false)}>{t('report.close')}</Button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          {report.isError && <Alert tone="error">{toMessage(report.error)}</Alert>}
          <fieldset
            className="space-y-2"
            aria-describedby={reason.error ? 'report-reason-error' : undefined}
            aria-invalid={reason.error ? true : undefined}
          >
            <legend className="mb-2 font-medium">{t('report.reason')}</legend>
            {reasons.map((key) => (
              <label
                key={key}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-line-strong px-4 py-2 has-checked:border-accent has-checked:bg-accent-soft"
              >
                <input
                  type="radio"
                  value={key}
                  className={`size-5 shrink-0 accent-accent ${reason.validity ?? ''}`}
                  {...reportForm.register('reason')}
                />
                <span>{t(`report.reasons.${key}`)}</span>
              </label>
            ))}
            {reason.error && (
              <p id="report-reason-error" className="text-sm font-medium text-danger">
                {reason.error}
              </p>
            )}
          </fieldset>
          <TextareaField
            label={t('report.details')}
            maxLength={DETAILS_MAX}
            counter={t('report.counter', { count: length, max: DETAILS_MAX })}
            registration={reportForm.register('details')}
            {...details}
          />
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="secondary" onClick={() => onOpenChange(false)}>
              {t('report.cancel')}
            </Button>
            <Button type="submit" loading={report.isPending}>
              {t('report.submit')}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
