import { Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { useNotices } from '../api/get-notices.ts';
import { MyReports } from './my-reports.tsx';
import { useNoticeFormat } from './use-notice-format.ts';

/**
 * Every decision the team made about my content or account, each with its reasons and a way to contest
 * it; below, what became of my own reports.
 */
export function NoticesScreen() {
  const { t } = useTranslation('moderation');
  const query = useNotices();
  const format = useNoticeFormat();
  return (
    <Page title={t('titles.notices')} intro={t('list.intro')}>
      <QueryView query={query} loading={t('loading')}>
        {({ items }) =>
          items.length === 0 ? (
            <EmptyState
              icon={Scale}
              title={t('list.empty.title')}
              link={{ to: '/dashboard', label: t('list.empty.action') }}
            >
              {t('list.empty.text')}
            </EmptyState>
          ) : (
            <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
              {items.map((n) => (
                <li key={n.id}>
                  <Link
                    to={`/notices/${n.id}`}
                    className="block px-4 py-3 text-ink no-underline hover:bg-accent-soft"
                  >
                    <span className="block font-medium">
                      {t(`decisions.${n.decision}`, { target: t(`targets.${n.target_type}`) })}
                    </span>
                    <span className="block text-sm text-muted">
                      {format.date(n.created_at)} · {t(`appealState.${format.appealState(n)}`)}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
      <MyReports />
    </Page>
  );
}
