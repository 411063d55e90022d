import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';

/** One conversation (/chat/:id); only reached once the partner list is loaded (guard). */
export function ChatWithScreen() {
  const { t } = useTranslation(['chat', 'routes']);
  const { id } = useParams();
  return (
    <Page title={t('chat-with', { ns: 'routes' })} intro={t('with.intro')} width="wide">
      <div data-partner-id={id}>
        <EmptyState
          icon={MessagesSquare}
          title={t('with.empty.title')}
          action={
            <ButtonLink to="/chat" variant="secondary">
              {t('with.empty.action')}
            </ButtonLink>
          }
        >
          {t('with.empty.text')}
        </EmptyState>
      </div>
    </Page>
  );
}
