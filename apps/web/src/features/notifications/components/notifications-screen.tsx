import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page.tsx';
import { NotificationList } from './notification-list.tsx';
import { PreferencesForm } from './preferences-form.tsx';

/** /notifications (SPEC.md §2, header variant settings): what happened, and how the member wants to hear of it. */
export function NotificationsScreen() {
  const { t } = useTranslation('notifications');
  return (
    <Page title={t('titles.notifications')} intro={t('intro')}>
      <section aria-labelledby="notifications-list" className="space-y-3">
        <h2 id="notifications-list" className="text-xl font-semibold">
          {t('list.title')}
        </h2>
        <NotificationList />
      </section>
      <section aria-labelledby="notifications-settings" className="mt-8 space-y-3">
        <h2 id="notifications-settings" className="text-xl font-semibold">
          {t('settings.title')}
        </h2>
        <PreferencesForm />
      </section>
    </Page>
  );
}
