import type { AdminReport } from '@trostnetz/contracts/admin';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../../../components/ui/cn.ts';
import { CONSOLE_NS } from '../../console-texts.ts';
import { useFormat } from '../../hooks/use-format.ts';
import { useCan } from '../../staff-context.ts';

/**
 * What was reported, as it was when reported (the snapshot), with its context: for a chat message the
 * messages around it, the only chat text staff ever see.
 */
export function ReportSnapshot({ report }: { report: AdminReport }) {
  const { t } = useTranslation(CONSOLE_NS);
  const format = useFormat();
  const can = useCan();
  const { snapshot } = report;
  return (
    <section aria-labelledby="snapshot-title" className="rounded-2xl border border-line bg-surface p-5">
      <h2 id="snapshot-title" className="text-lg font-semibold">
        {t('report.snapshotTitle', { target: t(`targets.${report.target_type}`) })}
      </h2>
      <p className="text-sm text-muted">
        {t('report.author')}:{' '}
        {report.author ? (
          can('members.view') ? (
            <Link to={`/nova/members/${report.author.id}`}>{report.author.nickname}</Link>
          ) : (
            report.author.nickname
          )
        ) : (
          t('report.authorGone')
        )}
        {snapshot.created_at && (
          <>
            {' · '}
            <time dateTime={snapshot.created_at}>{format.dateTime(snapshot.created_at)}</time>
          </>
        )}
      </p>
      {report.context.length > 0 ? (
        <ol className="mt-4 space-y-2" aria-label={t('report.contextLabel')}>
          {report.context.map((item) => (
            <li
              key={`${item.created_at}-${item.author_nickname}-${item.text.slice(0, 12)}`}
              className={cn(
                'rounded-xl border px-4 py-2',
                item.reported ? 'border-danger/50 bg-danger-soft/40' : 'border-line bg-canvas',
              )}
            >
              <p className="text-sm text-muted">
                {item.author_nickname ?? t('report.authorGone')} ·{' '}
                <time dateTime={item.created_at}>{format.dateTime(item.created_at)}</time>
                {item.reported && (
                  <strong className="ml-2 text-danger-strong">{t('report.reportedMark')}</strong>
                )}
              </p>
              <p className="whitespace-pre-line break-words">{item.text}</p>
            </li>
          ))}
        </ol>
      ) : (
        <blockquote
          className="mt-4 rounded-xl border border-danger/50 bg-danger-soft/40 px-4 py-3"
          data-snapshot
        >
          {snapshot.title && <p className="font-semibold">{snapshot.title}</p>}
          <p className="whitespace-pre-line break-words">{snapshot.text}</p>
        </blockquote>
      )}
    </section>
  );
}
