import { HeartHandshake } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../../components/ui/alert.tsx';
import { Button } from '../../../../components/ui/button.tsx';
import { QueryView } from '../../../../components/ui/query-view.tsx';
import { useErrorMessage } from '../../../../lib/error-message.ts';
import { useReport, useTakeReport } from '../../api/reports.ts';
import { CONSOLE_NS } from '../../console-texts.ts';
import { useFormat } from '../../hooks/use-format.ts';
import { useCan, useStaff } from '../../staff-context.ts';
import { ConsolePage } from '../console-page.tsx';
import { CrisisGuidance } from './crisis-guidance.tsx';
import { DecisionForm } from './decision-form.tsx';
import { ReportSnapshot } from './report-snapshot.tsx';

/** One reported item: what was reported and its context, who reported why, and the decision. */
export function ReportScreen() {
  const { t } = useTranslation([CONSOLE_NS, 'nova']);
  const id = Number(useParams().id);
  const query = useReport(id);
  const take = useTakeReport(id);
  const staff = useStaff();
  const can = useCan();
  const format = useFormat();
  const toMessage = useErrorMessage();

  return (
    <ConsolePage
      title={t('nova:titles.nova-report')}
      intro={<Link to="/nova/reports">{t('report.backToQueue')}</Link>}
      needs="reports.view"
    >
      <QueryView query={query} loading={t('loading')}>
        {(report) => {
          const mine = report.assignee?.id === staff.id;
          return (
            <div className="space-y-6">
              <div className="flex flex-wrap items-center gap-3">
                {report.concern && (
                  <span className="inline-flex items-center gap-1 rounded-full bg-danger-soft px-3 py-1 font-semibold text-danger-strong">
                    <HeartHandshake aria-hidden="true" className="size-4" />
                    {t('concern.marker')}
                  </span>
                )}
                <span className="rounded-full bg-warm px-3 py-1 font-medium">
                  {t(`reports.status.${report.status}`)}
                </span>
                <span className="text-muted">
                  {t('report.summary', {
                    target: t(`targets.${report.target_type}`),
                    count: report.report_count,
                    age: format.age(report.oldest_at),
                  })}
                </span>
              </div>
              {report.concern && report.status !== 'resolved' && <CrisisGuidance />}

              <ReportSnapshot report={report} />

              <section
                aria-labelledby="reporters-title"
                className="rounded-2xl border border-line bg-surface p-5"
              >
                <h2 id="reporters-title" className="text-lg font-semibold">
                  {t('report.reportersTitle', { count: report.reports.length })}
                </h2>
                <p className="text-sm text-muted">{t('report.reportersNote')}</p>
                <ul className="mt-3 divide-y divide-line">
                  {report.reports.map((r) => (
                    <li key={r.id} className="py-3">
                      <p className="font-medium">
                        {t(`reasons.${r.reason}`)} ·{' '}
                        {r.reporter ? (
                          can('members.view') ? (
                            <Link to={`/nova/members/${r.reporter.id}`}>{r.reporter.nickname}</Link>
                          ) : (
                            r.reporter.nickname
                          )
                        ) : (
                          t('report.reporterGone')
                        )}
                      </p>
                      <p className="text-sm text-muted">
                        <time dateTime={r.created_at}>{format.dateTime(r.created_at)}</time>
                      </p>
                      {r.details && <p className="mt-1 whitespace-pre-line">{r.details}</p>}
                    </li>
                  ))}
                </ul>
              </section>

              {report.status === 'resolved' && report.decision ? (
                <section
                  aria-labelledby="decision-title"
                  className="rounded-2xl border border-line bg-surface p-5"
                >
                  <h2 id="decision-title" className="text-lg font-semibold">
                    {t('report.decidedTitle')}
                  </h2>
                  <dl className="mt-3 grid gap-x-6 gap-y-2 sm:grid-cols-[minmax(0,14rem)_1fr]">
                    <dt className="text-sm font-semibold text-muted sm:text-base sm:text-ink">
                      {t('decision.label')}
                    </dt>
                    <dd>{t(`decisionsDone.${report.decision.decision}`)}</dd>
                    <dt className="text-sm font-semibold text-muted sm:text-base sm:text-ink">
                      {t('decision.rule')}
                    </dt>
                    <dd>{t(`moderation:rules.${report.decision.rule}`)}</dd>
                    <dt className="text-sm font-semibold text-muted sm:text-base sm:text-ink">
                      {t('decision.statement')}
                    </dt>
                    <dd className="whitespace-pre-line">{report.decision.statement}</dd>
                    {report.decision.note && (
                      <>
                        <dt className="text-sm font-semibold text-muted sm:text-base sm:text-ink">
                          {t('decision.note')}
                        </dt>
                        <dd className="whitespace-pre-line">{report.decision.note}</dd>
                      </>
                    )}
                    <dt className="text-sm font-semibold text-muted sm:text-base sm:text-ink">
                      {t('report.decidedBy')}
                    </dt>
                    <dd>
                      {report.decision.decided_by?.nickname ?? '–'},{' '}
                      <time dateTime={report.decision.decided_at}>
                        {format.dateTime(report.decision.decided_at)}
                      </time>
                    </dd>
                  </dl>
                </section>
              ) : report.status === 'open' || !mine ? (
                <section
                  aria-labelledby="take-title"
                  className="rounded-2xl border border-line bg-surface p-5"
                >
                  <h2 id="take-title" className="text-lg font-semibold">
                    {t('report.takeTitle')}
                  </h2>
                  <p className="mt-1 text-muted">
                    {report.assignee
                      ? t('report.assignedTo', { name: report.assignee.nickname })
                      : t('report.takeText')}
                  </p>
                  {take.isError && (
                    <Alert tone="error" className="mt-3">
                      {toMessage(take.error)}
                    </Alert>
                  )}
                  {can('reports.decide') && (
                    <Button className="mt-4" loading={take.isPending} onClick={() => take.mutate()}>
                      {report.assignee ? t('report.takeOver') : t('report.take')}
                    </Button>
                  )}
                </section>
              ) : (
                can('reports.decide') && <DecisionForm report={report} />
              )}
            </div>
          );
        }}
      </QueryView>
    </ConsolePage>
  );
}
