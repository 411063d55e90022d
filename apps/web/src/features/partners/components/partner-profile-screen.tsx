import { UserRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';

/** A partner's profile (/profile/:id); the profile itself arrives with the matching issue. */
export function PartnerProfileScreen() {
  const { t } = useTranslation(['partners', 'routes']);
  const { id } = useParams();
  return (
    <Page title={t('partner', { ns: 'routes' })} intro={t('intro')}>
      <div data-partner-id={id}>
        <EmptyState
          icon={UserRound}
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
