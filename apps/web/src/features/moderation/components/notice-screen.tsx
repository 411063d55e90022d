import type { ModerationNotice } from '@trostnetz/contracts/moderation';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { useNotices } from '../api/get-notices.ts';
import { AppealForm } from './appeal-form.tsx';
import { useNoticeFormat } from './use-notice-format.ts';

/**
 * One statement of reasons (DSA Art. 17): what was decided about what, why, under which rule, and how
 * to contest it: the appeal here (once, within six months), or the courts and dispute bodies.
 */
export function NoticeScreen() {
  const { t } = useTranslation('moderation');
  const id = Number(useParams().id);
  const query = useNotices();
  return (
    <Page title={t('titles.notice')} intro={<Link to="/notices">{t('detail.back')}</Link>}>
      <QueryView query={query} loading={t('loading')}>
        {({ items }) => {
          const notice = items.find((n) => n.id === id);
          return notice ? (
            <NoticeDetail notice={notice} />
          ) : (
            <Alert tone="error">{t('detail.notFound')}</Alert>
          );
        }}
      </QueryView>
    </Page>
  );
}

function NoticeDetail({ notice }: { notice: ModerationNotice }) {
  const { t } = useTranslation('moderation');
  const format = useNoticeFormat();
  const state = format.appealState(notice);
  return (
    <>
      <Card>
        <h2 className="text-xl font-semibold" data-notice-decision={notice.decision}>
          {t(`decisions.${notice.decision}`, { target: t(`targets.${notice.target_type}`) })}
        </h2>
        <p className="mt-1 text-muted">{t('detail.decidedOn', { date: format.date(notice.created_at) })}</p>
        <dl className="mt-5 space-y-4">
          <div>
            <dt className="font-semibold">{t('detail.what')}</dt>
            <dd className="mt-1">
              {t(`what.${notice.decision}`, {
                target: t(`targets.${notice.target_type}`),
                until: notice.until ? format.date(notice.until) : '',
              })}
              {notice.content && (
                <blockquote className="mt-2 whitespace-pre-line break-words rounded-xl border border-line bg-canvas px-4 py-3">
                  {notice.content}
                </blockquote>
              )}
            </dd>
          </div>
          <div>
            <dt className="font-semibold">{t('detail.why')}</dt>
            <dd className="mt-1 whitespace-pre-line" data-notice-statement>
              {notice.statement}
            </dd>
          </div>
          <div>
            <dt className="font-semibold">{t('detail.rule')}</dt>
            <dd className="mt-1">
              {t(`rules.${notice.rule}`)} (<Link to="/conditions">{t('detail.conditions')}</Link>)
            </dd>
          </div>
          <div>
            <dt className="font-semibold">{t('detail.how')}</dt>
            <dd className="mt-1">{t('detail.automated')}</dd>
          </div>
        </dl>
      </Card>

      <Card tone="accent" aria-labelledby="contest-title">
        <h2 id="contest-title" className="text-xl font-semibold">
          {t('contest.title')}
        </h2>
        {state === 'possible' && notice.appealable_until && (
          <>
            <p className="mt-2">{t('contest.possible', { date: format.date(notice.appealable_until) })}</p>
            <AppealForm noticeId={notice.id} />
          </>
        )}
        {notice.appeal && (
          <div className="mt-3 space-y-3">
            <p className="font-medium" data-appeal-state={notice.appeal.status}>
              {t(`contest.state.${notice.appeal.status}`)}
            </p>
            <blockquote className="whitespace-pre-line rounded-xl border border-line bg-surface px-4 py-3">
              {notice.appeal.text}
            </blockquote>
            {notice.appeal.statement && (
              <p>
                <span className="font-semibold">{t('contest.answer')}</span>{' '}
                <span className="whitespace-pre-line">{notice.appeal.statement}</span>
              </p>
            )}
          </div>
        )}
        {state === 'expired' && <p className="mt-2">{t('contest.expired')}</p>}
        <p className="mt-4 text-sm text-muted">{t('contest.otherWays')}</p>
      </Card>
    </>
  );
}
