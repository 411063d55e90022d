import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { QueryView } from '../../../components/ui/query-view.tsx';
import { useNotices } from '../api/get-notices.ts';
import { useSendAppeal } from '../api/send-appeal.ts';
import { NoticeDetail } from './notice-detail.tsx';

/** One of my statements of reasons in the app, with my own words and the appeal. */
export function NoticeScreen() {
  const { t } = useTranslation('moderation');
  const id = Number(useParams().id);
  const query = useNotices();
  const send = useSendAppeal(id);
  return (
    <Page title={t('titles.notice')} intro={<Link to="/notices">{t('detail.back')}</Link>}>
      <QueryView query={query} loading={t('loading')}>
        {({ items }) => {
          const notice = items.find((n) => n.id === id);
          return notice ? (
            <NoticeDetail notice={notice} send={send} />
          ) : (
            <Alert tone="error">{t('detail.notFound')}</Alert>
          );
        }}
      </QueryView>
    </Page>
  );
}
