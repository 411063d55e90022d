import { MessagesSquare } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { usePartners } from '../../../domain/partners/partners.ts';
import { displayedUser, useUserStore } from '../../../lib/storage/user-store.ts';
import { isChatPartner } from '../chat-partners.ts';
import { Conversation } from './conversation.tsx';

/** /chat/:id; the guard loads the partner list first and sends ids that are no chat partner to /chat. */
export function ChatWithScreen() {
  const { t } = useTranslation('chat');
  const { id } = useParams();
  const me = useUserStore(displayedUser);
  const partners = usePartners();
  const partner = partners.data?.find((p) => String(p.id) === id && isChatPartner(p));

  if (partner && me) return <Conversation key={partner.id} partner={partner} me={me.id} />;
  return (
    <Page title={t('titles.chat-with')} intro={t('with.intro')}>
      <EmptyState
        icon={MessagesSquare}
        title={t('with.empty.title')}
        link={{ to: '/chat', label: t('with.empty.action') }}
      >
        {t('with.empty.text')}
      </EmptyState>
    </Page>
  );
}
