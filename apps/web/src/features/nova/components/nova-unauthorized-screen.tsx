import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';

export function NovaUnauthorizedScreen() {
  const { t } = useTranslation('nova');
  return (
    <Page title={t('titles.nova-unauthorized')} intro={t('unauthorized.intro')}>
      <EmptyState
        icon={Lock}
        title={t('unauthorized.emptyTitle')}
        action={<Link to="/">{t('entry.back')}</Link>}
      >
        {t('unauthorized.emptyText')}
      </EmptyState>
    </Page>
  );
}
