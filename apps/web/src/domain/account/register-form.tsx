import { registerBody } from '@trostnetz/contracts/auth';
import { PASSWORD_MIN } from '@trostnetz/contracts/fields';
import type { User } from '@trostnetz/contracts/user';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../components/ui/alert.tsx';
import { Button } from '../../components/ui/button.tsx';
import { CheckboxField } from '../../components/ui/checkbox-field.tsx';
import { PasswordField } from '../../components/ui/password-field.tsx';
import { TextField } from '../../components/ui/text-field.tsx';
import { useErrorMessage } from '../../lib/error-message.ts';
import { submitWith, useFieldState, useZodForm } from '../../lib/form.ts';
import { getLocale } from '../../lib/i18n.ts';
import { useHydrated } from '../../lib/use-hydrated.ts';
import { useRegister } from './register.ts';

function NewTabLink({ to, children }: { to: string; children?: React.ReactNode }) {
  const { t } = useTranslation('common');
  return (
    <Link to={to} target="_blank" rel="noopener">
      {children}
      <span className="sr-only"> ({t('opensInNewTab')})</span>
    </Link>
  );
}

/** The registration form: on /register, and inside the checkout (issue 14). Signed in when done. */
export function RegisterForm({ onDone }: { onDone: (user: User) => void }) {
  const { t } = useTranslation('auth');
  // Rendered at build time, the form shows before the app runs; it takes input and sends once hydrated.
  const hydrated = useHydrated();
  const register = useRegister();
  const toMessage = useErrorMessage();
  const form = useZodForm(registerBody, {
    defaultValues: {
      nickname: '',
      email: '',
      password: '',
      password_confirmation: '',
      // The schema accepts only `true`; unchecked is the honest starting point.
      terms_accepted: false as unknown as true,
    },
  });
  const fields = {
    nickname: useFieldState(form, 'nickname'),
    email: useFieldState(form, 'email'),
    password: useFieldState(form, 'password'),
    password_confirmation: useFieldState(form, 'password_confirmation'),
    terms_accepted: useFieldState(form, 'terms_accepted'),
  };

  const onSubmit = submitWith(form, async (values) => {
    onDone(await register.mutateAsync({ ...values, locale: getLocale() }));
  });

  return (
    <form noValidate onSubmit={onSubmit}>
      {/* Disabled until hydrated: typed before, the words would be cleared as the form takes its fields over. */}
      <fieldset disabled={!hydrated} className="space-y-5">
        {register.isError && <Alert tone="error">{toMessage(register.error)}</Alert>}
        <TextField
          label={t('fields.nickname')}
          hint={t('register.nicknameHint')}
          autoComplete="nickname"
          aria-required="true"
          registration={form.register('nickname')}
          {...fields.nickname}
        />
        <TextField
          label={t('fields.email')}
          type="email"
          inputMode="email"
          autoComplete="email"
          aria-required="true"
          registration={form.register('email')}
          {...fields.email}
        />
        <PasswordField
          label={t('fields.password')}
          hint={t('register.passwordHint', { min: PASSWORD_MIN })}
          autoComplete="new-password"
          aria-required="true"
          showLabel={t('fields.showPassword')}
          hideLabel={t('fields.hidePassword')}
          registration={form.register('password', { deps: ['password_confirmation'] })}
          {...fields.password}
        />
        <PasswordField
          label={t('fields.passwordConfirmation')}
          autoComplete="new-password"
          aria-required="true"
          showLabel={t('fields.showPassword')}
          hideLabel={t('fields.hidePassword')}
          registration={form.register('password_confirmation')}
          {...fields.password_confirmation}
        />
        <CheckboxField
          label={
            <Trans
              t={t}
              i18nKey="register.terms"
              components={{
                conditions: <NewTabLink to="/conditions" />,
                privacy: <NewTabLink to="/privacy" />,
              }}
            />
          }
          registration={form.register('terms_accepted')}
          {...fields.terms_accepted}
        />
        <Button
          type="submit"
          className="w-full"
          loading={register.isPending}
          loadingLabel={t('register.submitting')}
        >
          {t('register.submit')}
        </Button>
      </fieldset>
    </form>
  );
}
