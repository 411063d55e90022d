import { type AdminAppeal, APPEAL_STATUSES } from '@trostnetz/contracts/admin';
import { Scale } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../../components/ui/empty-state.tsx';
import { QueryView } from '../../../../components/ui/query-view.tsx';
import { useAppeals } from '../../api/appeals.ts';
import { CONSOLE_NS } from '../../console-texts.ts';
import { useFormat } from '../../hooks/use-format.ts';
import { useStaff } from '../../staff-context.ts';
import { ConsolePage } from '../console-page.tsx';
import { StatusFilter, useStatusParam } from '../shared/status-filter.tsx';
import { AppealDecisionForm } from './appeal-decision-form.tsx';

/** Appeals against moderation decisions (DSA Art. 20), decided by someone other than the first moderator. */
export function AppealsScreen() {
  const { t } = useTranslation([CONSOLE_NS, 'nova']);
  const [status, setStatus] = useStatusParam(APPEAL_STATUSES);
  const query = useAppeals(status);
  return (
    <ConsolePage title={t('nova:titles.nova-appeals')} intro={t('appeals.intro')} needs="appeals.decide">
      <StatusFilter
        label={t('appeals.statusLabel')}
        states={APPEAL_STATUSES}
        current={status}
        onChange={setStatus}
        labelOf={(s) => t(`appeals.status.${s}`)}
      />
      <QueryView query={query} loading={t('loading')}>
        {(data) =>
          data.items.length === 0 ? (
            <EmptyState icon={Scale} title={t('appeals.empty.title')}>
              {t('appeals.empty.text')}
            </EmptyState>
          ) : (
            <ul className="space-y-6">
              {data.items.map((appeal) => (
                <li key={appeal.id}>
                  <AppealCard appeal={appeal} />
                </li>
              ))}
            </ul>
          )
        }
      </QueryView>
    </ConsolePage>
  );
}

function AppealCard({ appeal }: { appeal: AdminAppeal }) {
  const { t } = useTranslation(CONSOLE_NS);
  const format = useFormat();
  const staff = useStaff();
  const ownDecision = appeal.notice.decided_by?.id === staff.id;
  return (
    <article
      aria-labelledby={`appeal-${appeal.id}`}
      className="space-y-4 rounded-2xl border border-line bg-surface p-5"
      data-appeal={appeal.id}
    >
      <h2 id={`appeal-${appeal.id}`} className="text-lg font-semibold">
        {t('appeals.cardTitle', {
          name: appeal.member?.nickname ?? t('report.authorGone'),
          decision: t(`decisionsDone.${appeal.notice.decision}`),
        })}
      </h2>
      <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[minmax(0,14rem)_1fr]">
        <dt className="text-sm font-semibold text-muted sm:text-base sm:text-ink">{t('appeals.received')}</dt>
        <dd>
          <time dateTime={appeal.created_at}>{format.dateTime(appeal.created_at)}</time>
        </dd>
        <dt className="text-sm font-semibold text-muted sm:text-base sm:text-ink">{t('decision.rule')}</dt>
        <dd>{t(`moderation:rules.${appeal.notice.rule}`)}</dd>
        <dt className="text-sm font-semibold text-muted sm:text-base sm:text-ink">
          {t('appeals.firstStatement')}
        </dt>
        <dd className="whitespace-pre-line">{appeal.notice.statement}</dd>
        <dt className="text-sm font-semibold text-muted sm:text-base sm:text-ink">{t('appeals.firstBy')}</dt>
        <dd>{appeal.notice.decided_by?.nickname ?? '–'}</dd>
        {appeal.notice.content && (
          <>
            <dt className="text-sm font-semibold text-muted sm:text-base sm:text-ink">
              {t('appeals.content')}
            </dt>
            <dd className="whitespace-pre-line break-words rounded-lg bg-canvas px-3 py-2">
              {appeal.notice.content}
            </dd>
          </>
        )}
      </dl>
      <div>
        <h3 className="font-semibold">{t('appeals.text')}</h3>
        <p className="mt-1 whitespace-pre-line rounded-xl border border-accent/30 bg-accent-soft/50 px-4 py-3">
          {appeal.text}
        </p>
      </div>
      {appeal.status === 'open' ? (
        ownDecision ? (
          <p className="rounded-xl bg-warm px-4 py-3">{t('appeals.notYours')}</p>
        ) : (
          <AppealDecisionForm appealId={appeal.id} />
        )
      ) : (
        <p className="rounded-xl bg-warm px-4 py-3">
          {t(`appeals.outcome.${appeal.status}`)}
          {appeal.statement ? `: ${appeal.statement}` : ''}
        </p>
      )}
    </article>
  );
}
