import type { LinkedNotice, ModerationNotice } from '@trostnetz/contracts/moderation';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '../../../components/ui/card.tsx';
import { AppealForm } from './appeal-form.tsx';
import { useNoticeFormat } from './use-notice-format.ts';

/** A notice in the app (with the member's own words) or through the mail's signed link (without them). */
export type NoticeView = ModerationNotice | LinkedNotice;

/**
 * One statement of reasons (DSA Art. 17): what was decided about what, why, under which rule, and how
 * to contest it: the appeal here (once, within six months), or the courts and dispute bodies.
 */
export function NoticeDetail({
  notice,
  send,
}: {
  notice: NoticeView;
  send: Parameters<typeof AppealForm>[0]['send'];
}) {
  const { t } = useTranslation('moderation');
  const format = useNoticeFormat();
  const state = format.appealState(notice);
  const content = 'content' in notice ? notice.content : null;
  const appealText = notice.appeal && 'text' in notice.appeal ? notice.appeal.text : null;
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
              {content && (
                <blockquote className="mt-2 whitespace-pre-line break-words rounded-xl border border-line bg-canvas px-4 py-3">
                  {content}
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
            <AppealForm send={send} />
          </>
        )}
        {notice.appeal && (
          <div className="mt-3 space-y-3">
            <p className="font-medium" data-appeal-state={notice.appeal.status}>
              {t(`contest.state.${notice.appeal.status}`)}
            </p>
            {appealText && (
              <blockquote className="whitespace-pre-line rounded-xl border border-line bg-surface px-4 py-3">
                {appealText}
              </blockquote>
            )}
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
