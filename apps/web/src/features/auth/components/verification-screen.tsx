import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { getUser } from '../../../domain/account/get-user.ts';
import { getAccessToken } from '../../../lib/tokens.ts';
import { useVerifyEmail } from '../api/verify-email.ts';
import { AuthCard } from './auth-card.tsx';
import { ResendVerificationButton } from './resend-verification-button.tsx';

/**
 * Opened from the mail link. Only HTTP 204 counts as confirmed. A signed-in member continues via
 * please-verify (which sends them to onboarding or the dashboard); others are asked to sign in.
 */
export function VerificationScreen() {
  const { t } = useTranslation('auth');
  const { user_id = '', hash = '' } = useParams();
  const { search } = useLocation();
  const navigate = useNavigate();
  const verify = useVerifyEmail(user_id, hash, search);
  const signedIn = getAccessToken() !== null;

  useEffect(() => {
    if (!verify.isSuccess || !signedIn) return;
    getUser()
      .catch(() => {})
      .finally(() => navigate('/please-verify', { replace: true }));
  }, [verify.isSuccess, signedIn, navigate]);

  return (
    <AuthCard title={t('verification.title')}>
      {verify.isPending && (
        <output className="flex items-center gap-3 text-muted">
          <Spinner />
          {t('verification.pending')}
        </output>
      )}
      {verify.isSuccess && (
        <div className="space-y-5">
          <Alert tone="success">
            <p className="font-semibold">{t('verification.success')}</p>
            <p className="mt-1">{signedIn ? t('verification.continuing') : t('verification.signInNext')}</p>
          </Alert>
          {!signedIn && (
            <ButtonLink to="/login" className="w-full">
              {t('login.submit')}
            </ButtonLink>
          )}
        </div>
      )}
      {verify.isError && (
        <div className="space-y-5">
          <Alert tone="error">
            <p className="font-semibold">{t('verification.failed')}</p>
            <p className="mt-1">
              {signedIn ? t('verification.failedSignedIn') : t('verification.failedSignedOut')}
            </p>
          </Alert>
          {signedIn ? (
            <ResendVerificationButton />
          ) : (
            <ButtonLink to="/login" variant="secondary" className="w-full">
              {t('login.submit')}
            </ButtonLink>
          )}
        </div>
      )}
    </AuthCard>
  );
}
