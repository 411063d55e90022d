import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';

/** Conversations list; partners and messages arrive with the chat issue. */
export function ChatScreen() {
  const { t } = useTranslation(['chat', 'routes']);
  return (
    <Page title={t('chat', { ns: 'routes' })} intro={t('intro')} width="wide">
      <EmptyState
        icon={MessageCircle}
        title={t('empty.title')}
        action={
          <ButtonLink to="/dashboard" variant="secondary">
            {t('empty.action')}
          </ButtonLink>
        }
      >
        {t('empty.text')}
      </EmptyState>
    </Page>
  );
}
