import type { User } from '@trostnetz/contracts/user';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useErrorMessage } from '../../lib/error-message.ts';
import { submitWith, useFieldState } from '../../lib/form-state.ts';
import { useLazyZodForm } from '../../lib/lazy-form.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useLogin } from './login.ts';

/** The form's schema, fetched when the form is first focused or sent (issue 13). */
const loadSchema = () => import('@trostnetz/contracts/auth').then((m) => m.loginBody);

/** The sign-in form: on /login, and inside the checkout (issue 14). */
export function LoginForm({ onDone, notice }: { onDone: (user: User) => void; notice?: ReactNode }) {
  const { t } = useTranslation('auth');
  // Rendered at build time, the form shows before the app runs; it takes input and sends once hydrated.
  const hydrated = useHydrated();
  const login = useLogin();
  const toMessage = useErrorMessage();
  const form = useLazyZodForm(loadSchema, { defaultValues: { username: '', password: '' } });
  const username = useFieldState(form, 'username');
  const password = useFieldState(form, 'password');

  const onSubmit = submitWith(form, async (values) => {
    onDone(await login.mutateAsync(values));
  });

  return (
    <form noValidate onSubmit={onSubmit} onFocus={form.preload}>
      {/* Disabled until hydrated: typed before, the words would be cleared as the form takes its fields over. */}
      <fieldset disabled={!hydrated} className="space-y-5">
        {notice}
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
      </fieldset>
    </form>
  );
}
