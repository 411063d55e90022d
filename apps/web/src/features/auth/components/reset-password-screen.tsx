import { resetPasswordBody } from '@trostnetz/contracts/auth';
import { PASSWORD_MIN } from '@trostnetz/contracts/fields';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { submitWith, useFieldState, useZodForm } from '../../../lib/form.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { AuthCard } from './auth-card.tsx';
import type { LoginNotice } from './login-screen.tsx';

export function ResetPasswordScreen() {
  const { t } = useTranslation('auth');
  const { hash = '' } = useParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const toMessage = useErrorMessage();
  const form = useZodForm(resetPasswordBody, {
    defaultValues: { token: hash, password: '', password_confirmation: '' },
  });
  const password = useFieldState(form, 'password');
  const confirmation = useFieldState(form, 'password_confirmation');
  const tokenInvalid =
    !!form.formState.errors.token || (isApiError(reset.error) && reset.error.code === 'invalid_link');

  const onSubmit = submitWith(form, async (values) => {
    await reset.mutateAsync(values);
    navigate('/login', { replace: true, state: { notice: 'passwordChanged' satisfies LoginNotice } });
  });

  return (
    <AuthCard
      title={t('reset.title')}
      intro={t('reset.intro')}
      footer={
        <p>
          <Link to="/login">{t('forgot.backToLogin')}</Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {tokenInvalid ? (
          <Alert tone="error">
            <p>{t('reset.invalidLink')}</p>
            <p className="mt-1">
              <Link to="/forgot-password">{t('reset.requestNew')}</Link>
            </p>
          </Alert>
        ) : (
          reset.isError && <Alert tone="error">{toMessage(reset.error)}</Alert>
        )}
        <input type="hidden" {...form.register('token')} />
        <PasswordField
          label={t('fields.newPassword')}
          hint={t('register.passwordHint', { min: PASSWORD_MIN })}
          autoComplete="new-password"
          aria-required="true"
          showLabel={t('fields.showPassword')}
          hideLabel={t('fields.hidePassword')}
          registration={form.register('password', { deps: ['password_confirmation'] })}
          {...password}
        />
        <PasswordField
          label={t('fields.passwordConfirmation')}
          autoComplete="new-password"
          aria-required="true"
          showLabel={t('fields.showPassword')}
          hideLabel={t('fields.hidePassword')}
          registration={form.register('password_confirmation')}
          {...confirmation}
        />
        <Button
          type="submit"
          className="w-full"
          loading={reset.isPending}
          loadingLabel={t('reset.submitting')}
        >
          {t('reset.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
