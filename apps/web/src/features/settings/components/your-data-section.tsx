import { DELETION_GRACE_DAYS, deleteAccountBody } from '@trostnetz/contracts/account';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { submitWith, useFieldState, useZodForm } from '../../../lib/form.ts';
import { clearSession } from '../../../lib/session.ts';
import { useDeleteAccount } from '../api/delete-account.ts';
import { useDownloadExport } from '../api/download-export.ts';

/** "Your data" on /settings: a copy of everything (DSGVO Art. 15, 20) and deleting the account (Art. 17). */
export function YourDataSection() {
  const { t } = useTranslation('settings');
  const exporting = useDownloadExport();
  const toMessage = useErrorMessage();
  return (
    <Card aria-labelledby="settings-your-data">
      <h2 id="settings-your-data" className="text-lg font-semibold">
        {t('yourData.title')}
      </h2>
      <h3 className="mt-4 font-semibold">{t('yourData.export.title')}</h3>
      <p className="mt-1 mb-4 text-muted">{t('yourData.export.text')}</p>
      {exporting.isSuccess && (
        <Alert tone="success" className="mb-4">
          {t('yourData.export.done')}
        </Alert>
      )}
      {exporting.isError && (
        <Alert tone="error" className="mb-4">
          {toMessage(exporting.error)}
        </Alert>
      )}
      <Button
        variant="secondary"
        loading={exporting.isPending}
        loadingLabel={t('yourData.export.preparing')}
        onClick={() => exporting.mutate()}
      >
        {t('yourData.export.action')}
      </Button>
      <h3 className="mt-8 font-semibold">{t('yourData.delete.title')}</h3>
      <p className="mt-1 mb-4 text-muted">{t('yourData.delete.text', { days: DELETION_GRACE_DAYS })}</p>
      <DeleteAccountDialog />
    </Card>
  );
}

function DeleteAccountDialog() {
  const { t } = useTranslation('settings');
  const navigate = useNavigate();
  const toMessage = useErrorMessage();
  const [open, setOpen] = useState(false);
  const remove = useDeleteAccount();
  const form = useZodForm(deleteAccountBody, { defaultValues: { password: '' } });
  const password = useFieldState(form, 'password');
  // Every session has ended on the server: the farewell page is for guests, so nothing asks for the
  // ended session (and sends the member to the sign-in page) while they read it.
  const onSubmit = submitWith(form, async (values) => {
    await remove.mutateAsync(values);
    clearSession();
    navigate('/account-deleted', { replace: true });
  });
  // A wrong password is shown at its field; anything else above the form.
  const otherError = remove.isError && !(isApiError(remove.error) && remove.error.status === 422);
  const onOpenChange = (next: boolean) => {
    setOpen(next);
    if (!next) {
      form.reset();
      remove.reset();
    }
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={<Button variant="danger">{t('yourData.delete.action')}</Button>}
      title={t('yourData.delete.dialogTitle')}
      closeLabel={t('yourData.delete.close')}
      description={t('yourData.delete.dialogText', { days: DELETION_GRACE_DAYS })}
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {otherError && <Alert tone="error">{toMessage(remove.error)}</Alert>}
        <PasswordField
          label={t('yourData.delete.password')}
          autoComplete="current-password"
          aria-required="true"
          showLabel={t('yourData.delete.showPassword')}
          hideLabel={t('yourData.delete.hidePassword')}
          registration={form.register('password')}
          {...password}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => onOpenChange(false)}>
            {t('yourData.delete.cancel')}
          </Button>
          <Button
            type="submit"
            variant="danger"
            loading={remove.isPending}
            loadingLabel={t('yourData.delete.submitting')}
          >
            {t('yourData.delete.submit')}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
