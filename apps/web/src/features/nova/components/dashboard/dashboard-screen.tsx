import type { AdminStats } from '@trostnetz/contracts/admin';
import { Flag } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { QueryView } from '../../../../components/ui/query-view.tsx';
import { useStats } from '../../api/stats.ts';
import { CONSOLE_NS } from '../../console-texts.ts';
import { useFormat } from '../../hooks/use-format.ts';
import { useCan, useStaff } from '../../staff-context.ts';
import { ConsolePage } from '../console-page.tsx';
import { BarChart } from '../shared/bar-chart.tsx';

const SERIES = [
  'new',
  'verified',
  'onboarded',
  'active',
  'messages',
  'posts',
  'prompts_changed',
  'prompts_sent',
] as const;
const DAYS = 30;

/** The console's start: the figures of the last 30 days (counts only) for who may see them. */
export function DashboardScreen() {
  const { t } = useTranslation([CONSOLE_NS, 'nova']);
  const staff = useStaff();
  const can = useCan();
  const query = useStats(DAYS, can('stats.view'));
  return (
    <ConsolePage title={t('nova:titles.nova')} intro={t('dashboard.hello', { name: staff.nickname })}>
      {can('stats.view') ? (
        <QueryView query={query} loading={t('loading')}>
          {(stats) => <Figures stats={stats} />}
        </QueryView>
      ) : (
        <p className="text-muted">{t('dashboard.noStats')}</p>
      )}
    </ConsolePage>
  );
}

function Figures({ stats }: { stats: AdminStats }) {
  const { t } = useTranslation(CONSOLE_NS);
  const format = useFormat();
  const can = useCan();
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <section className="rounded-2xl border border-line bg-surface p-4" aria-labelledby="open-reports">
          <h2 id="open-reports" className="flex items-center gap-2 font-medium">
            <Flag aria-hidden="true" className="size-4" />
            {t('dashboard.openReports')}
          </h2>
          <p className="mt-1 text-3xl font-semibold tabular-nums">{stats.open_reports.count}</p>
          <p className="text-sm text-muted">
            {stats.open_reports.oldest_at
              ? t('dashboard.oldest', { age: format.age(stats.open_reports.oldest_at) })
              : t('dashboard.noneWaiting')}
          </p>
          {can('reports.view') && stats.open_reports.count > 0 && (
            <Link to="/nova/reports" className="mt-2 inline-block">
              {t('dashboard.toQueue')}
            </Link>
          )}
        </section>
        <section className="rounded-2xl border border-line bg-surface p-4" aria-labelledby="premium-figure">
          <h2 id="premium-figure" className="font-medium">
            {t('dashboard.premium')}
          </h2>
          <p className="mt-1 text-3xl font-semibold tabular-nums">{stats.premium.active}</p>
          <p className="text-sm text-muted">{t('dashboard.premiumNote')}</p>
        </section>
        <section className="rounded-2xl border border-line bg-surface p-4" aria-labelledby="members-figure">
          <h2 id="members-figure" className="font-medium">
            {t('dashboard.members')}
          </h2>
          <p className="mt-1 text-3xl font-semibold tabular-nums">{stats.members_total}</p>
          <p className="text-sm text-muted">{t('dashboard.membersNote')}</p>
        </section>
      </div>
      <h2 className="text-xl font-semibold">{t('dashboard.perDay', { days: stats.days.length })}</h2>
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {SERIES.map((s) => (
          <BarChart
            key={s}
            title={t(`dashboard.series.${s}`)}
            points={stats.days.map((d) => ({ label: d.day, value: d[s] }))}
            formatLabel={format.day}
            tableCaption={t('chart.figures')}
            labelHeader={t('chart.day')}
            valueHeader={t('chart.count')}
            figure={s === 'active' ? 'last' : 'total'}
            figureNote={s === 'active' ? t('dashboard.lastDay') : undefined}
          />
        ))}
      </div>
      <section aria-labelledby="sources-title" className="rounded-2xl border border-line bg-surface p-5">
        <h2 id="sources-title" className="text-lg font-semibold">
          {t('dashboard.sources')}
        </h2>
        {stats.attribution.length === 0 ? (
          <p className="mt-2 text-muted">{t('dashboard.noSources')}</p>
        ) : (
          <ul className="mt-3 space-y-2">
            {stats.attribution.map((a) => {
              const max = Math.max(...stats.attribution.map((x) => x.count), 1);
              return (
                <li key={a.source} className="grid grid-cols-[minmax(0,10rem)_1fr_auto] items-center gap-3">
                  <span className="truncate">{a.source || t('dashboard.direct')}</span>
                  <span className="h-3 rounded-full bg-accent-soft" aria-hidden="true">
                    <span
                      className="block h-3 rounded-full bg-accent"
                      style={{ width: `${(a.count / max) * 100}%` }}
                    />
                  </span>
                  <span className="tabular-nums">{a.count}</span>
                </li>
              );
            })}
          </ul>
        )}
      </section>
    </div>
  );
}
