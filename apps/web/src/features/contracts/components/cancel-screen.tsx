import { cancellationBody, type DeclarationReceived } from '@trostnetz/contracts/payments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { TextareaField } from '../../../components/ui/textarea-field.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { applyServerErrors, submitWith, useFieldState, useZodForm } from '../../../lib/form.ts';
import { authenticatedUser, useUserStore } from '../../../lib/storage/user-store.ts';
import { useSendCancellation } from '../api/send-declaration.ts';
import { ReceivedNote } from './received-note.tsx';

const radio = 'size-5 shrink-0 accent-accent';

/**
 * "Verträge hier kündigen" (§ 312k BGB): for everyone, without a login. Kind, reason for an extraordinary
 * cancellation, name, e-mail, which contract and the date (the earliest possible by default).
 */
export function CancelScreen() {
  const { t } = useTranslation('contracts');
  const send = useSendCancellation();
  const toMessage = useErrorMessage();
  const user = useUserStore(authenticatedUser);
  const [received, setReceived] = useState<{ answer: DeclarationReceived; email: string } | null>(null);
  const [when, setWhen] = useState<'earliest' | 'date'>('earliest');
  const form = useZodForm(cancellationBody, {
    defaultValues: {
      kind: 'ordinary',
      reason: '',
      name: user?.nickname ?? '',
      email: '',
      contract_reference: '',
      date: undefined,
    },
  });
  const kind = form.watch('kind');
  const fields = {
    reason: useFieldState(form, 'reason'),
    name: useFieldState(form, 'name'),
    email: useFieldState(form, 'email'),
    contract_reference: useFieldState(form, 'contract_reference'),
    date: useFieldState(form, 'date'),
  };
  const onSubmit = submitWith(form, async (values) => {
    try {
      const answer = await send.mutateAsync({
        ...values,
        reason: values.kind === 'extraordinary' ? values.reason : undefined,
        contract_reference: values.contract_reference || undefined,
        date: when === 'date' ? values.date : undefined,
      });
      setReceived({ answer, email: values.email });
    } catch (error) {
      if (!applyServerErrors(error, form)) throw error;
    }
  });

  if (received) {
    return (
      <Page title={t('titles.contracts-cancel')} width="narrow">
        <ReceivedNote
          title={t('cancel.received')}
          receivedAt={received.answer.received_at}
          email={received.email}
          needsConfirmation={received.answer.needs_confirmation}
        />
      </Page>
    );
  }
  return (
    <Page title={t('titles.contracts-cancel')} intro={t('cancel.intro')} width="narrow">
      <Card>
        <form noValidate onSubmit={onSubmit} className="space-y-6">
          {send.isError && <Alert tone="error">{toMessage(send.error)}</Alert>}
          <fieldset className="space-y-3">
            <legend className="font-semibold">{t('cancel.kind')}</legend>
            {(['ordinary', 'extraordinary'] as const).map((k) => (
              <label key={k} className="flex min-h-11 items-start gap-3">
                <input type="radio" value={k} className={`${radio} mt-1`} {...form.register('kind')} />
                <span>
                  <span className="font-medium">{t(`cancel.kinds.${k}`)}</span>
                  <span className="block text-sm text-muted">{t(`cancel.kinds.${k}Hint`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {kind === 'extraordinary' && (
            <TextareaField
              label={t('cancel.reason')}
              rows={3}
              aria-required="true"
              registration={form.register('reason')}
              {...fields.reason}
            />
          )}
          <TextField
            label={t('fields.name')}
            autoComplete="name"
            aria-required="true"
            registration={form.register('name')}
            {...fields.name}
          />
          <TextField
            label={t('fields.email')}
            hint={t('fields.emailHint')}
            type="email"
            inputMode="email"
            autoComplete="email"
            aria-required="true"
            registration={form.register('email')}
            {...fields.email}
          />
          <TextField
            label={t('fields.contract')}
            hint={t('fields.contractHint')}
            autoComplete="off"
            registration={form.register('contract_reference')}
            {...fields.contract_reference}
          />
          <fieldset className="space-y-3">
            <legend className="font-semibold">{t('cancel.date')}</legend>
            <label className="flex min-h-11 items-center gap-3">
              <input
                type="radio"
                name="when"
                className={radio}
                checked={when === 'earliest'}
                onChange={() => setWhen('earliest')}
              />
              {t('cancel.earliest')}
            </label>
            <label className="flex min-h-11 items-center gap-3">
              <input
                type="radio"
                name="when"
                className={radio}
                checked={when === 'date'}
                onChange={() => setWhen('date')}
              />
              {t('cancel.onDate')}
            </label>
            {when === 'date' && (
              <TextField
                label={t('cancel.dateField')}
                type="date"
                registration={form.register('date')}
                {...fields.date}
              />
            )}
          </fieldset>
          <Button
            type="submit"
            className="w-full"
            loading={send.isPending}
            loadingLabel={t('cancel.sending')}
          >
            {t('cancel.submit')}
          </Button>
          <p className="text-sm text-muted">
            {t('cancel.withdrawInstead')} <Link to="/contracts/withdraw">{t('withdraw.link')}</Link>
          </p>
        </form>
      </Card>
    </Page>
  );
}
