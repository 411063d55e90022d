import { LogOut, MailCheck, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { getUser } from '../../../domain/account/get-user.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useUserStore } from '../../../lib/storage/user-store.ts';
import { useSignOut } from '../hooks/use-sign-out.ts';
import { AuthCard } from './auth-card.tsx';
import { ResendVerificationButton } from './resend-verification-button.tsx';

export function PleaseVerifyScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const { search } = useLocation();
  const email = useUserStore((s) => s.user?.email ?? '');
  const { signOut, pending: signingOut } = useSignOut();
  const toMessage = useErrorMessage();
  const [checking, setChecking] = useState(false);
  const [stillUnverified, setStillUnverified] = useState(false);
  const [checkError, setCheckError] = useState<unknown>(null);

  // Re-run the guard with a fresh member: verified members move on to onboarding, the dashboard or
  // where they were going (`next` stays in the address).
  const checkAgain = async () => {
    setChecking(true);
    setCheckError(null);
    try {
      const user = await getUser();
      if (user.is_verified) navigate(`/please-verify${search}`, { replace: true });
      else setStillUnverified(true);
    } catch (error) {
      setCheckError(error);
    } finally {
      setChecking(false);
    }
  };

  return (
    <AuthCard title={t('pleaseVerify.title')}>
      <div className="space-y-5">
        <div className="flex items-start gap-4">
          <span className="grid size-12 shrink-0 place-items-center rounded-full bg-accent-soft text-accent-strong">
            <MailCheck aria-hidden="true" className="size-6" />
          </span>
          <p className="min-w-0">
            <Trans
              t={t}
              i18nKey="pleaseVerify.text"
              values={{ email }}
              components={{ email: <strong className="wrap-anywhere" /> }}
            />
          </p>
        </div>
        <p className="text-muted">{t('pleaseVerify.next')}</p>
        <div className="rounded-xl bg-warm/70 p-4 text-sm">
          <p className="font-semibold">{t('pleaseVerify.noMailTitle')}</p>
          <p className="mt-1">{t('pleaseVerify.noMailText')}</p>
        </div>
        <ResendVerificationButton variant="primary" />
        <Button
          variant="secondary"
          className="w-full"
          loading={checking}
          loadingLabel={t('pleaseVerify.checking')}
          onClick={checkAgain}
        >
          <RefreshCw aria-hidden="true" className="size-5" />
          {t('pleaseVerify.done')}
        </Button>
        {stillUnverified && <Alert tone="info">{t('pleaseVerify.notYet')}</Alert>}
        {checkError !== null && <Alert tone="error">{toMessage(checkError)}</Alert>}
        <Button variant="ghost" className="w-full" loading={signingOut} onClick={() => void signOut()}>
          <LogOut aria-hidden="true" className="size-5" />
          {t('pleaseVerify.logout')}
        </Button>
      </div>
    </AuthCard>
  );
}
