import { UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';

/** /friend-request/:id; accepting and denying arrive with the friend-request issue. */
export function AcceptFriendRequestScreen() {
  const { t } = useTranslation(['friend-requests', 'routes']);
  const { id } = useParams();
  return (
    <Page title={t('accept-friend-request', { ns: 'routes' })} intro={t('intro')}>
      <div data-request-id={id}>
        <EmptyState
          icon={UserPlus}
          title={t('empty.title')}
          action={
            <ButtonLink to="/dashboard" variant="secondary">
              {t('empty.action')}
            </ButtonLink>
          }
        >
          {t('empty.text')}
        </EmptyState>
      </div>
    </Page>
  );
}
