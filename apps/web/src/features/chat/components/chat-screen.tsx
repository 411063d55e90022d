import type { Partner } from '@trostnetz/contracts/partners';
import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useChatStore } from '../../../domain/chat/chat-store.ts';
import { usePartners } from '../../../domain/partners/partners.ts';
import { chatPartners } from '../chat-partners.ts';
import { ChatPartnerRow } from './chat-partner-row.tsx';

/** /chat: conversations with befriended partners first, then read-only former ones (SPEC.md §2). */
export function ChatScreen() {
  const { t } = useTranslation('chat');
  const partners = usePartners();
  const messages = useChatStore((s) => s.messages);
  const { befriended, former } = chatPartners(partners.data ?? [], messages);

  let body: React.ReactNode;
  if (partners.isPending) {
    body = (
      <output className="flex items-center gap-2 text-muted">
        <Spinner /> {t('list.loading')}
      </output>
    );
  } else if (partners.isError && !partners.data) {
    body = (
      <Alert tone="error">
        <p>{t('list.failed')}</p>
        <Button variant="secondary" size="sm" className="mt-3" onClick={() => void partners.refetch()}>
          {t('list.retry')}
        </Button>
      </Alert>
    );
  } else if (befriended.length + former.length === 0) {
    body = (
      <EmptyState
        icon={MessageCircle}
        title={t('empty.title')}
        link={{ to: '/dashboard', label: t('empty.action') }}
      >
        {t('empty.text')}
      </EmptyState>
    );
  } else {
    body = (
      <>
        {befriended.length > 0 && <PartnerList label={t('list.label')} partners={befriended} />}
        {former.length > 0 && (
          <section aria-labelledby="chat-former" className="space-y-3">
            <div>
              <h2 id="chat-former" className="text-lg font-semibold">
                {t('list.former')}
              </h2>
              <p className="text-muted">{t('list.formerHint')}</p>
            </div>
            <PartnerList partners={former} />
          </section>
        )}
      </>
    );
  }

  return (
    <Page title={t('titles.chat')} intro={t('intro')}>
      {body}
    </Page>
  );
}

function PartnerList({ partners, label }: { partners: Partner[]; label?: string }) {
  return (
    <ul
      aria-label={label}
      className="divide-y divide-line overflow-hidden rounded-2xl border border-line bg-surface"
    >
      {partners.map((p) => (
        <li key={p.id}>
          <ChatPartnerRow partner={p} />
        </li>
      ))}
    </ul>
  );
}
