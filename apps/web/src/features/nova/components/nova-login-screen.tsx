import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';

export function NovaLoginScreen() {
  const { t } = useTranslation('nova');
  return (
    <Page title={t('titles.nova-login')} intro={t('login.intro')}>
      <EmptyState
        icon={KeyRound}
        title={t('login.emptyTitle')}
        action={<Link to="/">{t('entry.back')}</Link>}
      >
        {t('login.emptyText')}
      </EmptyState>
    </Page>
  );
}
