import { forgotPasswordBody } from '@trostnetz/contracts/auth';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { submitWith, useFieldState, useZodForm } from '../../../lib/form.ts';
import { useForgotPassword } from '../api/forgot-password.ts';
import { AuthCard } from './auth-card.tsx';

export function ForgotPasswordScreen() {
  const { t } = useTranslation('auth');
  const forgot = useForgotPassword();
  const toMessage = useErrorMessage();
  const form = useZodForm(forgotPasswordBody, { defaultValues: { email: '' } });
  const email = useFieldState(form, 'email');

  const onSubmit = submitWith(form, async (values) => {
    await forgot.mutateAsync(values);
  });

  return (
    <AuthCard
      title={t('forgot.title')}
      intro={t('forgot.intro')}
      footer={
        <p>
          <Link to="/login">{t('forgot.backToLogin')}</Link>
        </p>
      }
    >
      {forgot.isSuccess ? (
        <Alert tone="success">
          <p className="font-semibold">{t('forgot.sentTitle')}</p>
          <p className="mt-1">{t('forgot.sentText')}</p>
        </Alert>
      ) : (
        <form noValidate onSubmit={onSubmit} className="space-y-5">
          {forgot.isError && <Alert tone="error">{toMessage(forgot.error)}</Alert>}
          <TextField
            label={t('fields.email')}
            type="email"
            inputMode="email"
            autoComplete="email"
            aria-required="true"
            registration={form.register('email')}
            {...email}
          />
          <Button
            type="submit"
            className="w-full"
            loading={forgot.isPending}
            loadingLabel={t('forgot.submitting')}
          >
            {t('forgot.submit')}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
