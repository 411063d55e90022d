import { PASSWORD_MIN } from '@trostnetz/contracts/fields';
import { changePasswordBody } from '@trostnetz/contracts/settings';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { submitWith, useFieldState, useZodForm } from '../../../lib/form.ts';
import { useChangePassword } from '../api/change-password.ts';
import { SettingsSection } from './settings-section.tsx';

const empty = { current_password: '', password: '', password_confirmation: '' };

/** A new password (strong as at registration); every other device is signed out. */
export function PasswordSection() {
  const { t } = useTranslation('settings');
  const change = useChangePassword();
  const toMessage = useErrorMessage();
  const form = useZodForm(changePasswordBody, { defaultValues: empty });
  const current = useFieldState(form, 'current_password');
  const password = useFieldState(form, 'password');
  const confirmation = useFieldState(form, 'password_confirmation');
  const onSubmit = submitWith(form, async (values) => {
    await change.mutateAsync(values);
    form.reset(empty);
  });
  const fieldError = isApiError(change.error) && change.error.status === 422;
  const toggle = { showLabel: t('showPassword'), hideLabel: t('hidePassword') };
  return (
    <SettingsSection title={t('password.title')} text={t('password.text')}>
      <form noValidate onSubmit={onSubmit} className="space-y-4">
        {change.isSuccess && <Alert tone="success">{change.data}</Alert>}
        {change.isError && !fieldError && <Alert tone="error">{toMessage(change.error)}</Alert>}
        <PasswordField
          label={t('password.current')}
          autoComplete="current-password"
          aria-required="true"
          {...toggle}
          registration={form.register('current_password')}
          {...current}
        />
        <PasswordField
          label={t('password.new')}
          hint={t('password.hint', { min: PASSWORD_MIN })}
          autoComplete="new-password"
          aria-required="true"
          {...toggle}
          registration={form.register('password', { deps: ['password_confirmation'] })}
          {...password}
        />
        <PasswordField
          label={t('password.confirmation')}
          autoComplete="new-password"
          aria-required="true"
          {...toggle}
          registration={form.register('password_confirmation')}
          {...confirmation}
        />
        <Button type="submit" loading={change.isPending} loadingLabel={t('saving')}>
          {t('password.submit')}
        </Button>
      </form>
    </SettingsSection>
  );
}
