import type { NotificationItem } from '@trostnetz/contracts/notifications';
import { Bell } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { useNotifications } from '../api/get-notifications.ts';
import { useMarkNotificationsRead } from '../api/mark-read.ts';

/** Newest first, one entry per partner or post; what is shown here counts as seen. */
export function NotificationList() {
  const { t } = useTranslation('notifications');
  const query = useNotifications();
  const markRead = useMarkNotificationsRead();
  const unreadIds = (query.data?.data ?? []).filter((n) => !n.read).map((n) => n.id);
  const key = unreadIds.join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: marks each set of unread entries once
  useEffect(() => {
    if (unreadIds.length) markRead.mutate(unreadIds);
  }, [key]);
  return (
    <QueryView query={query} loading={t('loading')}>
      {({ data }) =>
        data.length === 0 ? (
          <EmptyState
            icon={Bell}
            title={t('empty.title')}
            link={{ to: '/dashboard', label: t('empty.action') }}
          >
            {t('empty.text')}
          </EmptyState>
        ) : (
          <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
            {data.map((n) => (
              <Entry key={n.id} item={n} />
            ))}
          </ul>
        )
      }
    </QueryView>
  );
}

function Entry({ item }: { item: NotificationItem }) {
  const { t, i18n } = useTranslation('notifications');
  const name = item.actor?.nickname ?? t('someone');
  const words = item.words;
  const title =
    item.kind === 'friend_words' && words && words.action !== 'accept'
      ? t(`kinds.friend_words_action.${words.action}`, { name })
      : t(`kinds.${item.kind}`, { name, count: item.count });
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(item.created_at),
  );
  return (
    <li>
      <Link
        to={item.url}
        className="flex items-start gap-3 px-4 py-3 text-ink no-underline hover:bg-accent-soft"
      >
        {!item.read && <span aria-hidden="true" className="mt-2 size-2.5 shrink-0 rounded-full bg-accent" />}
        <span className="min-w-0">
          <span className="block font-medium">
            {title}
            {!item.read && <span className="sr-only"> ({t('new')})</span>}
          </span>
          {words && (
            // The partner's own words, in the app only (mails and pushes never carry them).
            <span
              className="mt-1 block border-l-4 border-accent pl-3 whitespace-pre-line break-words"
              data-words
            >
              <span className="sr-only">{t('wordsLabel', { name })}: </span>
              {words.message}
            </span>
          )}
          <span className="block text-sm text-muted">{when}</span>
        </span>
      </Link>
    </li>
  );
}
