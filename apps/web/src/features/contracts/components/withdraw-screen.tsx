import { type DeclarationReceived, type WithdrawalBody, withdrawalBody } from '@trostnetz/contracts/payments';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { applyServerErrors, submitWith, useFieldState, useZodForm } from '../../../lib/form.ts';
import { useSendWithdrawal } from '../api/send-declaration.ts';
import { ReceivedNote } from './received-note.tsx';

/**
 * "Vertrag widerrufen" (EU directive 2023/2673, in force since 19 June 2026): two steps without a login —
 * the details, then "Widerruf bestätigen" — and the confirmation at once.
 */
export function WithdrawScreen() {
  const { t } = useTranslation('contracts');
  const send = useSendWithdrawal();
  const toMessage = useErrorMessage();
  const [draft, setDraft] = useState<WithdrawalBody | null>(null);
  const [received, setReceived] = useState<DeclarationReceived | null>(null);
  const form = useZodForm(withdrawalBody, { defaultValues: { name: '', email: '', contract_reference: '' } });
  const fields = {
    name: useFieldState(form, 'name'),
    email: useFieldState(form, 'email'),
    contract_reference: useFieldState(form, 'contract_reference'),
  };
  const toStepTwo = submitWith(form, async (values) => {
    setDraft({ ...values, contract_reference: values.contract_reference || undefined });
  });
  const confirm = async () => {
    if (!draft) return;
    try {
      setReceived(await send.mutateAsync(draft));
    } catch (error) {
      if (applyServerErrors(error, form)) setDraft(null);
    }
  };

  if (received && draft) {
    return (
      <Page title={t('titles.contracts-withdraw')} width="narrow">
        <ReceivedNote
          title={t('withdraw.received')}
          receivedAt={received.received_at}
          email={draft.email}
          needsConfirmation={received.needs_confirmation}
        />
      </Page>
    );
  }
  return (
    <Page title={t('titles.contracts-withdraw')} intro={t('withdraw.intro')} width="narrow">
      <Card>
        {draft ? (
          <div className="space-y-4">
            <h2 className="text-lg font-semibold">{t('withdraw.checkTitle')}</h2>
            <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[auto_1fr]">
              <dt className="text-muted">{t('fields.name')}</dt>
              <dd>{draft.name}</dd>
              <dt className="text-muted">{t('fields.email')}</dt>
              <dd className="break-all">{draft.email}</dd>
              <dt className="text-muted">{t('fields.contract')}</dt>
              <dd>{draft.contract_reference || t('withdraw.allContracts')}</dd>
            </dl>
            {send.isError && <Alert tone="error">{toMessage(send.error)}</Alert>}
            <Button
              className="w-full"
              onClick={confirm}
              loading={send.isPending}
              loadingLabel={t('withdraw.sending')}
            >
              {t('withdraw.confirm')}
            </Button>
            <Button
              variant="ghost"
              className="w-full"
              onClick={() => setDraft(null)}
              disabled={send.isPending}
            >
              {t('withdraw.back')}
            </Button>
          </div>
        ) : (
          <form noValidate onSubmit={toStepTwo} className="space-y-6">
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
            <Button type="submit" className="w-full">
              {t('withdraw.submit')}
            </Button>
          </form>
        )}
      </Card>
    </Page>
  );
}
