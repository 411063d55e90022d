import { LinkIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { LoadingNote } from '../../../components/ui/spinner.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';
import { useLinkedNotice, useSendLinkedAppeal } from '../api/linked-notice.ts';
import { NoticeDetail } from './notice-detail.tsx';

/**
 * Opened from the signed link of a statement-of-reasons mail, without signing in (issue 16, DSA Art.
 * 20): a suspended member reads the reasons and contests them here. Only that notice, without the
 * member's own words; a forged, altered or expired link gets a calm explanation and the way to help.
 */
export function LinkedNoticeScreen() {
  const { t } = useTranslation('moderation');
  const id = Number(useParams().id);
  const { search } = useLocation();
  const query = useLinkedNotice(id, search);
  const send = useSendLinkedAppeal(id, search);
  return (
    <Page title={t('titles.notice-appeal')} intro={query.isSuccess ? t('linked.intro') : undefined}>
      {query.isPending && <LoadingNote>{t('loading')}</LoadingNote>}
      {query.isError && <LinkProblem error={query.error} />}
      {query.isSuccess && (
        <>
          <NoticeDetail notice={query.data} send={send} />
          {query.data.decision !== 'member_suspended' && (
            <p className="text-muted">
              {t('linked.inApp')} <Link to={`/notices/${id}`}>{t('linked.inAppLink')}</Link>
            </p>
          )}
        </>
      )}
    </Page>
  );
}

function LinkProblem({ error }: { error: unknown }) {
  const { t } = useTranslation('moderation');
  const toMessage = useErrorMessage();
  const kind = !isApiError(error)
    ? null
    : error.code === 'link_expired'
      ? 'expired'
      : error.status === 403 || error.status === 404 || error.status === 422
        ? 'invalid'
        : null;
  if (!kind) return <Alert tone="error">{toMessage(error)}</Alert>;
  return (
    <Card data-link-problem={kind}>
      <div className="flex items-start gap-4">
        <span className="grid size-12 shrink-0 place-items-center rounded-full bg-accent-soft text-accent-strong">
          <LinkIcon aria-hidden="true" className="size-6" />
        </span>
        <div className="min-w-0 space-y-3">
          <h2 className="text-xl font-semibold">{t(`linked.${kind}.title`)}</h2>
          <p>{t(`linked.${kind}.text`)}</p>
          <p className="text-muted">{t('contest.otherWays')}</p>
        </div>
      </div>
      <ButtonLink to="/customer-service" variant="secondary" className="mt-6 w-full sm:w-auto">
        {t('linked.help')}
      </ButtonLink>
    </Card>
  );
}
