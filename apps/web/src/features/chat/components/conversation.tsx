import type { Partner } from '@trostnetz/contracts/partners';
import { ArrowLeft, UserRound } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { cn } from '../../../components/ui/cn.ts';
import { useSetMuted } from '../../../domain/chat/chat-mutes.ts';
import { useChatPrivacy } from '../../../domain/chat/chat-privacy.ts';
import { PartnerAvatar, useDisplayName } from '../../../domain/partners/partner-avatar.tsx';
import { isNewPartnership } from '../../../domain/safety/contact-hint.ts';
import { canWrite, isDeleted } from '../chat-partners.ts';
import { useConversation } from '../hooks/use-conversation.ts';
import { useTyping } from '../hooks/use-typing.ts';
import { Composer } from './composer.tsx';
import { MessageLog } from './message-log.tsx';
import { MuteNote, MuteToggle } from './mute-toggle.tsx';

/** The open conversation: who, the log, and the composer or a calm read-only notice. */
export function Conversation({ partner, me }: { partner: Partner; me: number }) {
  const { t } = useTranslation('chat');
  const name = useDisplayName()(partner.nickname);
  const writable = canWrite(partner);
  const conversation = useConversation(partner);
  const mute = useSetMuted(partner.id);
  // With the typing signal switched off, this app neither sends nor shows it (issue 13).
  const typingOn = useChatPrivacy().data?.typing ?? false;
  const typing = useTyping({
    chatId: partner.chat_id,
    partnerId: partner.id,
    me,
    enabled: writable && typingOn,
  });
  const lastFromPartner = conversation.messages.findLast((m) => m.user_id === partner.id)?.id;
  const { stopShowing } = typing;
  // A message from the partner ends their typing.
  useEffect(() => {
    if (lastFromPartner !== undefined) stopShowing();
  }, [lastFromPartner, stopShowing]);

  return (
    <div className="mx-auto flex h-[calc(100dvh-122px)] min-h-96 w-full max-w-3xl flex-col md:h-[calc(100dvh-57px)]">
      <div className="flex items-center gap-3 border-b border-line px-4 py-2">
        <Link
          to="/chat"
          className="-ml-2 grid size-11 shrink-0 place-items-center rounded-xl text-ink hover:bg-accent-soft"
        >
          <ArrowLeft aria-hidden="true" className="size-5" />
          <span className="sr-only">{t('with.back')}</span>
        </Link>
        <PartnerAvatar
          nickname={partner.nickname}
          avatar={partner.avatar}
          online={partner.online}
          size="sm"
          labelOnline={false}
        />
        <div className="min-w-0">
          <h1
            data-page-heading
            tabIndex={-1}
            className={cn('truncate text-lg font-semibold', isDeleted(partner) && 'text-muted italic')}
          >
            {name}
          </h1>
          <p
            className={cn('truncate text-sm', typing.partnerTyping ? 'text-accent-strong' : 'text-muted')}
            aria-live="polite"
          >
            {typing.partnerTyping ? (
              <>
                <span aria-hidden="true">{t('partner.typingShort')}</span>
                <span className="sr-only">{t('partner.typing', { name })}</span>
              </>
            ) : partner.online ? (
              t('partner.online')
            ) : (
              t('partner.offline')
            )}
          </p>
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-1">
          <MuteToggle partnerId={partner.id} name={name} save={mute} />
          {!isDeleted(partner) && (
            // One tap from the conversation to the partner's profile, where they can be reported or hidden.
            <ButtonLink to={`/profile/${partner.id}`} variant="ghost" size="sm" className="shrink-0">
              <UserRound aria-hidden="true" className="size-5" />
              <span aria-hidden="true" className="hidden md:inline">
                {t('with.profile')}
              </span>
              <span className="sr-only">{t('with.profileLabel', { name })}</span>
            </ButtonLink>
          )}
        </div>
      </div>
      <MuteNote partnerId={partner.id} name={name} save={mute} />

      {conversation.sync.isError && (
        <Alert tone="error" className="mx-4 mt-3">
          <p>{t('with.loadFailed')}</p>
          <Button
            variant="secondary"
            size="sm"
            className="mt-2"
            onClick={() => void conversation.sync.refetch()}
          >
            {t('with.retryLoad')}
          </Button>
        </Alert>
      )}

      <MessageLog
        name={name}
        partnerId={partner.id}
        me={me}
        writable={writable}
        messages={conversation.messages}
        turns={conversation.turns}
        befriendedAt={partner.befriended_at}
        pending={conversation.pending}
        loading={conversation.sync.isPending}
        hasMore={conversation.hasMore}
        loadingOlder={conversation.loadingOlder}
        onLoadOlder={conversation.older}
        onRetry={(item) => void conversation.retry(item)}
        onDismiss={conversation.dismiss}
      />

      {writable ? (
        <Composer
          name={name}
          newPartnership={isNewPartnership(conversation.messages.length, conversation.hasMore)}
          onSend={(text) => {
            conversation.send(text);
            typing.sent();
          }}
          onTyping={typing.notifyTyping}
        />
      ) : (
        <div className="border-t border-line px-4 py-3">
          <Alert>
            <p className="font-semibold">{isDeleted(partner) ? t('deleted.title') : t('readOnly.title')}</p>
            <p>{isDeleted(partner) ? t('deleted.text') : t('readOnly.text')}</p>
          </Alert>
        </div>
      )}
    </div>
  );
}
