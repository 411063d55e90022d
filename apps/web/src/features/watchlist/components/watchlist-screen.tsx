import { Bookmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';

/** The watchlist; entries arrive with the watchlist issue. */
export function WatchlistScreen() {
  const { t } = useTranslation(['watchlist', 'routes']);
  return (
    <Page title={t('watchlist', { ns: 'routes' })} intro={t('intro')}>
      <EmptyState
        icon={Bookmark}
        title={t('empty.title')}
        action={
          <ButtonLink to="/dashboard" variant="secondary">
            {t('empty.action')}
          </ButtonLink>
        }
      >
        {t('empty.text')}
      </EmptyState>
    </Page>
  );
}
