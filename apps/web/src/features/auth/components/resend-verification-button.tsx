import { Mail } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useResendVerification } from '../api/resend-verification.ts';

export function ResendVerificationButton({ variant = 'secondary' }: { variant?: 'primary' | 'secondary' }) {
  const { t } = useTranslation('auth');
  const resend = useResendVerification();
  const toMessage = useErrorMessage();
  return (
    <div className="space-y-3">
      <Button
        variant={variant}
        className="w-full"
        loading={resend.isPending}
        loadingLabel={t('pleaseVerify.resending')}
        onClick={() => resend.mutate()}
      >
        <Mail aria-hidden="true" className="size-5" />
        {t('pleaseVerify.resend')}
      </Button>
      {resend.isSuccess && <Alert tone="success">{t('pleaseVerify.resent')}</Alert>}
      {resend.isError && <Alert tone="error">{toMessage(resend.error)}</Alert>}
    </div>
  );
}
