import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';

/** Notifications; the feed arrives with the notifications issue. */
export function NotificationsScreen() {
  const { t } = useTranslation(['notifications', 'routes']);
  return (
    <Page title={t('notifications', { ns: 'routes' })} intro={t('intro')}>
      <EmptyState
        icon={Bell}
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
