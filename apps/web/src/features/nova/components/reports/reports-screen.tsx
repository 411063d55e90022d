import { createColumnHelper } from '@tanstack/react-table';
import { type AdminReportListItem, REPORT_STATUSES } from '@trostnetz/contracts/admin';
import { Flag, HeartHandshake } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { QueryView } from '../../../../components/ui/query-view.tsx';
import { useReports } from '../../api/reports.ts';
import { CONSOLE_NS } from '../../console-texts.ts';
import { useFormat } from '../../hooks/use-format.ts';
import { ConsolePage } from '../console-page.tsx';
import { DataTable } from '../shared/data-table.tsx';
import { StatusFilter, useStatusParam } from '../shared/status-filter.tsx';

const column = createColumnHelper<AdminReportListItem>();

/** The moderation queue: reports of concern first and marked, then the ones waiting longest. */
export function ReportsScreen() {
  const { t } = useTranslation([CONSOLE_NS, 'nova']);
  const [status, setStatus] = useStatusParam(REPORT_STATUSES);
  const query = useReports(status);
  const format = useFormat();

  const columns = [
    column.accessor('reasons', {
      header: t('reports.columns.reason'),
      enableSorting: false,
      cell: ({ row }) => (
        <div className="space-y-1">
          {row.original.concern && (
            <span className="inline-flex items-center gap-1 rounded-full bg-danger-soft px-2 py-0.5 text-sm font-semibold text-danger-strong">
              <HeartHandshake aria-hidden="true" className="size-4" />
              {t('concern.marker')}
            </span>
          )}
          <span className="block">
            {row.original.reasons
              .filter((r) => !(row.original.concern && r === 'self_harm'))
              .map((r) => t(`reasons.${r}`))
              .join(', ')}
          </span>
        </div>
      ),
    }),
    column.accessor('target_type', {
      header: t('reports.columns.target'),
      cell: (c) => t(`targets.${c.getValue()}`),
    }),
    column.accessor('excerpt', {
      header: t('reports.columns.excerpt'),
      enableSorting: false,
      cell: (c) => <span className="line-clamp-2 block max-w-xs break-words">{c.getValue()}</span>,
    }),
    column.accessor('report_count', {
      header: t('reports.columns.count'),
      cell: (c) => <span className="tabular-nums">{c.getValue()}</span>,
    }),
    column.accessor('oldest_at', {
      header: t('reports.columns.waiting'),
      cell: (c) => <time dateTime={c.getValue()}>{format.age(c.getValue())}</time>,
    }),
    column.accessor((r) => r.assignee?.nickname ?? '', {
      id: 'assignee',
      header: t('reports.columns.assignee'),
      cell: (c) => c.getValue() || <span className="text-muted">{t('reports.unassigned')}</span>,
    }),
    column.display({
      id: 'open',
      header: t('reports.columns.open'),
      meta: { hiddenHeader: true },
      cell: ({ row }) => (
        <Link to={`/nova/reports/${row.original.id}`} className="whitespace-nowrap font-semibold">
          {t('reports.open')}
          <span className="sr-only">
            {' '}
            {t(`targets.${row.original.target_type}`)}, {format.age(row.original.oldest_at)}
          </span>
        </Link>
      ),
    }),
  ];

  return (
    <ConsolePage title={t('nova:titles.nova-reports')} intro={t('reports.intro')} needs="reports.view">
      <StatusFilter
        label={t('reports.statusLabel')}
        states={REPORT_STATUSES}
        current={status}
        onChange={setStatus}
        labelOf={(s) => t(`reports.status.${s}`)}
      />
      <QueryView query={query} loading={t('loading')}>
        {(data) => (
          <DataTable
            caption={t(`reports.caption.${status}`)}
            columns={columns}
            data={data.items}
            getRowId={(r) => String(r.id)}
            rowClassName={(r) => (r.concern ? 'bg-danger-soft/30' : undefined)}
            empty={
              <EmptyState icon={Flag} title={t(`reports.empty.${status}.title`)}>
                {t(`reports.empty.${status}.text`)}
              </EmptyState>
            }
          />
        )}
      </QueryView>
    </ConsolePage>
  );
}
