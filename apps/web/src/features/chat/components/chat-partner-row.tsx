import type { Partner } from '@trostnetz/contracts/partners';
import { BellOff, ChevronRight } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cn } from '../../../components/ui/cn.ts';
import { useChatStore } from '../../../domain/chat/chat-store.ts';
import { PartnerAvatar, useDisplayName } from '../../../domain/partners/partner-avatar.tsx';
import { UnreadBadge } from './unread-badge.tsx';

/** One conversation in the list: who, online, the last message if known, unread count. */
export function ChatPartnerRow({ partner }: { partner: Partner }) {
  const { t } = useTranslation('chat');
  const name = useDisplayName()(partner.nickname);
  const last = useChatStore((s) => s.messages[String(partner.id)]?.at(-1));
  const unread = useChatStore((s) => s.unread[String(partner.id)] ?? 0);
  const muted = useChatStore((s) => s.muted.includes(partner.id));
  const preview = last
    ? last.user_id === partner.id
      ? last.message
      : t('list.you', { text: last.message })
    : partner.has_messages
      ? null
      : t('list.noMessages');
  return (
    <Link
      to={`/chat/${partner.id}`}
      className="flex min-h-18 items-center gap-3 px-4 py-3 text-ink no-underline hover:bg-accent-soft focus-visible:bg-accent-soft"
    >
      <PartnerAvatar
        nickname={partner.nickname}
        avatar={partner.avatar}
        online={partner.online}
        labelOnline={false}
      />
      <span className="min-w-0 flex-1">
        <span className={cn('block truncate font-semibold', !partner.nickname && 'text-muted italic')}>
          {name}
        </span>
        <span className="sr-only">
          {', '}
          {partner.online ? t('partner.online') : t('partner.offline')}
        </span>
        {preview && (
          <span className={cn('block truncate text-muted', unread > 0 && 'font-medium text-ink')}>
            {preview}
          </span>
        )}
      </span>
      {muted && (
        <>
          <BellOff aria-hidden="true" className="size-5 shrink-0 text-muted" />
          <span className="sr-only">
            {', '}
            {t('mute.inList')}
          </span>
        </>
      )}
      {unread > 0 && (
        <>
          <UnreadBadge count={unread} />
          <span className="sr-only">{t('list.unread', { count: unread })}</span>
        </>
      )}
      <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted" />
    </Link>
  );
}
