import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { LoginForm } from '../../../domain/account/login-form.tsx';
import { returnTarget, withReturnTo } from '../../../lib/return-to.ts';
import { AuthCard } from './auth-card.tsx';

export type LoginNotice = 'passwordChanged' | 'verified';

export function LoginScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const location = useLocation();
  const notice = (location.state as { notice?: LoginNotice } | null)?.notice;
  // Where the member was going before the guard sent them here (issue 9 item 16).
  const next = returnTarget(location.search);

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
      <LoginForm
        notice={notice && <Alert tone="success">{t(`login.notice.${notice}`)}</Alert>}
        onDone={() => navigate(next ?? '/', { replace: true })}
      />
    </AuthCard>
  );
}
