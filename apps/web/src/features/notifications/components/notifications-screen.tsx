import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';

/** Notifications; the feed arrives with the notifications issue. */
export function NotificationsScreen() {
  const { t } = useTranslation('notifications');
  return (
    <Page title={t('titles.notifications')} intro={t('intro')}>
      <EmptyState icon={Bell} title={t('empty.title')} link={{ to: '/dashboard', label: t('empty.action') }}>
        {t('empty.text')}
      </EmptyState>
    </Page>
  );
}
