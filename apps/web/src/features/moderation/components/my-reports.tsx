import type { MyReport } from '@trostnetz/contracts/moderation';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { useMyReports } from '../api/get-my-reports.ts';
import { useNoticeFormat } from './use-notice-format.ts';

/**
 * What I reported and what became of it (DSA Art. 16(4), (5)): where the receipt and the outcome in the
 * app and by mail lead. The kind of item, my reason and its state; never whom or what I reported.
 */
export function MyReports() {
  const { t } = useTranslation('moderation');
  const query = useMyReports();
  return (
    <section aria-labelledby="my-reports-title" className="space-y-3">
      <h2 id="my-reports-title" className="text-xl font-semibold">
        {t('reports.title')}
      </h2>
      <p className="text-muted">{t('reports.intro')}</p>
      <QueryView query={query} loading={t('loading')}>
        {({ items }) =>
          items.length === 0 ? (
            <p>{t('reports.empty')}</p>
          ) : (
            <>
              <ul className="divide-y divide-line rounded-2xl border border-line bg-surface">
                {items.map((r) => (
                  <ReportEntry key={r.id} report={r} />
                ))}
              </ul>
              {items.some((r) => r.status === 'resolved') && (
                <p className="text-sm text-muted">
                  {t('reports.contest')} <Link to="/customer-service">{t('reports.contestLink')}</Link>
                </p>
              )}
            </>
          )
        }
      </QueryView>
    </section>
  );
}

function ReportEntry({ report }: { report: MyReport }) {
  const { t } = useTranslation(['moderation', 'safety']);
  const format = useNoticeFormat();
  const state =
    report.status === 'resolved' && report.decision && report.decided_at
      ? t('reports.state.resolved', {
          date: format.date(report.decided_at),
          decision: t(`reports.decision.${report.decision}`),
        })
      : t(`reports.state.${report.status === 'resolved' ? 'in_review' : report.status}`);
  return (
    <li className="px-4 py-3" data-report-state={report.status}>
      <span className="block font-medium">
        {t('reports.item', {
          target: t(`targets.${report.target_type}`),
          date: format.date(report.created_at),
        })}
      </span>
      <span className="block text-sm text-muted">
        {t('reports.reason', { reason: t(`safety:report.reasons.${report.reason}`) })} ·{' '}
        {t('reports.number', { id: report.id })}
      </span>
      <span className="mt-1 block">{state}</span>
    </li>
  );
}
