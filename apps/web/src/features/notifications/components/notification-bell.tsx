import { Bell } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { cn } from '../../../components/ui/cn.ts';
import { useNotifications } from '../api/get-notifications.ts';

/** The bell in the member header: the unread count, live, and the way to /notifications. */
export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const { data } = useNotifications();
  const unread = data?.unread ?? 0;
  return (
    <NavLink
      to="/notifications"
      aria-label={unread > 0 ? t('bell.unread', { count: unread }) : t('bell.none')}
      className={({ isActive }) =>
        cn(
          'relative inline-flex size-11 items-center justify-center rounded-xl no-underline',
          isActive ? 'bg-accent-soft text-accent-strong' : 'text-ink hover:bg-accent-soft',
        )
      }
    >
      <Bell aria-hidden="true" className="size-5" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="notification-count"
          className="absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-accent px-1 text-xs leading-5 font-semibold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </NavLink>
  );
}
