import { type StaffSessionStart, staffLoginBody } from '@trostnetz/contracts/admin';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { PasswordField } from '../../../../components/ui/password-field.tsx';
import { TextField } from '../../../../components/ui/text-field.tsx';
import { isApiError } from '../../../../lib/api-client.ts';
import { useErrorMessage } from '../../../../lib/error-message.ts';
import { submitWith, useFieldState, useZodForm } from '../../../../lib/form.ts';
import { useStartStaffSession } from '../../api/session.ts';
import { CONSOLE_NS } from '../../console-texts.ts';

/** First step: the staff member's account (the same e-mail and password as in the app). */
export function CredentialsStep({
  onStarted,
  onForbidden,
}: {
  onStarted: (start: StaffSessionStart) => void;
  onForbidden: () => void;
}) {
  const { t } = useTranslation(CONSOLE_NS);
  const start = useStartStaffSession();
  const toMessage = useErrorMessage();
  const form = useZodForm(staffLoginBody, { defaultValues: { email: '', password: '' } });
  const email = useFieldState(form, 'email');
  const password = useFieldState(form, 'password');

  const onSubmit = submitWith(form, async (values) => {
    try {
      onStarted(await start.mutateAsync(values));
    } catch (error) {
      if (isApiError(error) && error.status === 403) onForbidden();
      else throw error;
    }
  });

  return (
    <form noValidate onSubmit={onSubmit} className="mt-6 space-y-5">
      <p className="text-muted">{t('signIn.intro')}</p>
      {start.isError && <Alert tone="error">{toMessage(start.error)}</Alert>}
      <TextField
        label={t('signIn.email')}
        type="email"
        autoComplete="username"
        inputMode="email"
        aria-required="true"
        registration={form.register('email')}
        {...email}
      />
      <PasswordField
        label={t('signIn.password')}
        autoComplete="current-password"
        aria-required="true"
        showLabel={t('signIn.showPassword')}
        hideLabel={t('signIn.hidePassword')}
        registration={form.register('password')}
        {...password}
      />
      <Button type="submit" className="w-full" loading={start.isPending} loadingLabel={t('signIn.checking')}>
        {t('signIn.continue')}
      </Button>
    </form>
  );
}
