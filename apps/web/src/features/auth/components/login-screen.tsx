import { loginBody } from '@trostnetz/contracts/auth';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { submitWith, useFieldState, useZodForm } from '../../../lib/form.ts';
import { returnTarget, withReturnTo } from '../../../lib/return-to.ts';
import { useLogin } from '../api/login.ts';
import { AuthCard } from './auth-card.tsx';

export type LoginNotice = 'passwordChanged' | 'verified';

export function LoginScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const notice = (location.state as { notice?: LoginNotice } | null)?.notice;
  // Where the member was going before the guard sent them here (issue 9 item 16).
  const next = returnTarget(location.search);
  const login = useLogin();
  const toMessage = useErrorMessage();
  const form = useZodForm(loginBody, { defaultValues: { username: '', password: '' } });
  const username = useFieldState(form, 'username');
  const password = useFieldState(form, 'password');

  const onSubmit = submitWith(form, async (values) => {
    await login.mutateAsync(values);
    navigate(next ?? '/', { replace: true });
  });

  return (
    <AuthCard
      title={t('login.title')}
      intro={t('login.intro')}
      footer={
        <p>
          {t('login.noAccount')} <Link to={withReturnTo('/register', next)}>{t('login.toRegister')}</Link>
        </p>
      }
    >
      <form noValidate onSubmit={onSubmit} className="space-y-5">
        {notice && <Alert tone="success">{t(`login.notice.${notice}`)}</Alert>}
        {login.isError && <Alert tone="error">{toMessage(login.error)}</Alert>}
        <TextField
          label={t('fields.email')}
          type="email"
          autoComplete="username"
          inputMode="email"
          aria-required="true"
          registration={form.register('username')}
          {...username}
        />
        <PasswordField
          label={t('fields.password')}
          autoComplete="current-password"
          aria-required="true"
          showLabel={t('fields.showPassword')}
          hideLabel={t('fields.hidePassword')}
          registration={form.register('password')}
          {...password}
        />
        <p className="-mt-2 text-right">
          <Link to="/forgot-password">{t('login.forgot')}</Link>
        </p>
        <Button
          type="submit"
          className="w-full"
          loading={login.isPending}
          loadingLabel={t('login.submitting')}
        >
          {t('login.submit')}
        </Button>
      </form>
    </AuthCard>
  );
}
