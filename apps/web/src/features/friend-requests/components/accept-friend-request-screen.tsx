import { FriendStatus } from '@trostnetz/contracts/friendship';
import { HeartHandshake, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { LoadingNote } from '../../../components/ui/spinner.tsx';
import { FriendActionDialog } from '../../../domain/friendship/friend-action-dialog.tsx';
import { MatchReasons } from '../../../domain/partners/match-reasons.tsx';
import { PartnerAvatar, useDisplayName } from '../../../domain/partners/partner-avatar.tsx';
import { usePartners } from '../../../domain/partners/partners.ts';
import { useErrorMessage } from '../../../lib/error-message.ts';

/** /friend-request/:id (the e-mail links here; id = the requester): answer the request. */
export function AcceptFriendRequestScreen() {
  const { t } = useTranslation(['friend-requests', 'common', 'friendship']);
  const id = Number(useParams().id);
  const partners = usePartners();
  const toMessage = useErrorMessage();
  const displayName = useDisplayName();
  const partner = partners.data?.find((p) => p.id === id);

  let content: React.ReactNode;
  if (partners.isPending) {
    content = <LoadingNote>{t('common:loading')}</LoadingNote>;
  } else if (partners.isError) {
    content = <Alert tone="error">{toMessage(partners.error)}</Alert>;
  } else if (partner?.friend_status === FriendStatus.befriended) {
    content = (
      <EmptyState
        icon={HeartHandshake}
        title={t('befriended.title', { nickname: displayName(partner.nickname) })}
        action={<ButtonLink to={`/profile/${partner.id}`}>{t('befriended.action')}</ButtonLink>}
      >
        {t('befriended.text')}
      </EmptyState>
    );
  } else if (partner?.friend_status === FriendStatus.received) {
    const name = displayName(partner.nickname);
    content = (
      <Card aria-labelledby="request-from" data-partner={partner.id}>
        <div className="flex items-center gap-4">
          <PartnerAvatar
            nickname={partner.nickname}
            avatar={partner.avatar}
            online={partner.online}
            size="lg"
          />
          <div>
            <h2 id="request-from" className="text-xl font-semibold">
              {t('from', { nickname: name })}
            </h2>
            <Link to={`/profile/${partner.id}`}>{t('viewProfile')}</Link>
          </div>
        </div>
        {partner.request_message && (
          <blockquote className="mt-5 rounded-lg border-l-4 border-accent bg-canvas px-4 py-2 whitespace-pre-line">
            <span className="block text-sm text-muted">{t('message')}</span>
            {partner.request_message}
          </blockquote>
        )}
        <div className="mt-5">
          <MatchReasons reasons={partner.reason} headingLevel={3} />
        </div>
        <div className="mt-6 flex flex-wrap gap-2">
          <FriendActionDialog
            action="accept"
            partnerId={partner.id}
            nickname={name}
            trigger={<Button>{t('friendship:actions.accept.button')}</Button>}
          />
          <FriendActionDialog
            action="deny"
            partnerId={partner.id}
            nickname={name}
            trigger={<Button variant="secondary">{t('friendship:actions.deny.button')}</Button>}
          />
        </div>
      </Card>
    );
  } else {
    content = (
      <EmptyState
        icon={UserPlus}
        title={t('empty.title')}
        link={{ to: '/dashboard', label: t('empty.action') }}
      >
        {t('empty.text')}
      </EmptyState>
    );
  }

  return (
    <Page title={t('titles.accept-friend-request')} intro={t('intro')}>
      {content}
    </Page>
  );
}
