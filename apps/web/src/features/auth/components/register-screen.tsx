import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { RegisterForm } from '../../../domain/account/register-form.tsx';
import { returnTarget, withReturnTo } from '../../../lib/return-to.ts';
import { AuthCard } from './auth-card.tsx';

export function RegisterScreen() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const next = returnTarget(useLocation().search);

  return (
    <AuthCard
      title={t('register.title')}
      intro={t('register.intro')}
      footer={
        <p>
          {t('register.haveAccount')} <Link to={withReturnTo('/login', next)}>{t('register.toLogin')}</Link>
        </p>
      }
    >
      <RegisterForm onDone={() => navigate(withReturnTo('/please-verify', next), { replace: true })} />
    </AuthCard>
  );
}
