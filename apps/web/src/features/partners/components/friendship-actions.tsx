import { FriendStatus } from '@trostnetz/contracts/friendship';
import type { ForeignProfile } from '@trostnetz/contracts/partners';
import { Clock, HeartHandshake, MessageCircle, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { FriendActionDialog } from '../../../domain/friendship/friend-action-dialog.tsx';

/** The steps SPEC.md §4 allows from the current friendship status, and nothing else. */
export function FriendshipActions({ profile, name }: { profile: ForeignProfile; name: string }) {
  const { t } = useTranslation(['partners', 'friendship']);
  const dialog = (action: 'send' | 'accept' | 'deny' | 'retract' | 'remove', trigger: React.ReactNode) => (
    <FriendActionDialog action={action} partnerId={profile.id} nickname={name} trigger={trigger} />
  );

  switch (profile.friend_status) {
    case FriendStatus.none:
      return (
        <div className="space-y-3">
          <p className="text-muted">{t('friendshipText.none', { nickname: name })}</p>
          {dialog(
            'send',
            <Button>
              <UserPlus aria-hidden="true" className="size-5" />
              {t('friendship:actions.send.button')}
            </Button>,
          )}
        </div>
      );
    case FriendStatus.sent:
      return (
        <div className="space-y-3">
          <Status icon={Clock} text={t('friendship:status.sent')} />
          <p className="text-muted">{t('friendshipText.sent', { nickname: name })}</p>
          {dialog('retract', <Button variant="secondary">{t('friendship:actions.retract.button')}</Button>)}
        </div>
      );
    case FriendStatus.received:
      return (
        <div className="space-y-3">
          <Status icon={UserPlus} text={t('friendshipText.received', { nickname: name })} />
          <div className="flex flex-wrap gap-2">
            {dialog('accept', <Button>{t('friendship:actions.accept.button')}</Button>)}
            {dialog('deny', <Button variant="secondary">{t('friendship:actions.deny.button')}</Button>)}
          </div>
        </div>
      );
    default:
      return (
        <div className="space-y-3">
          <Status icon={HeartHandshake} text={t('friendship:status.befriended')} />
          <div className="flex flex-wrap gap-2">
            <ButtonLink to={`/chat/${profile.id}`}>
              <MessageCircle aria-hidden="true" className="size-5" />
              {t('write')}
            </ButtonLink>
            {dialog('remove', <Button variant="secondary">{t('friendship:actions.remove.button')}</Button>)}
          </div>
        </div>
      );
  }
}

function Status({ icon: Icon, text }: { icon: typeof Clock; text: string }) {
  return (
    <p className="flex items-center gap-2 font-semibold text-accent-strong" data-friend-status>
      <Icon aria-hidden="true" className="size-5" />
      {text}
    </p>
  );
}
