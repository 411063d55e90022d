import { FriendStatus } from '@trostnetz/contracts/friend-status';
import type { Partner } from '@trostnetz/contracts/partners';
import { Clock, UserPlus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button, ButtonLink } from '../../../components/ui/button.tsx';
import { FriendActionDialog } from '../../../domain/friendship/friend-action-dialog.tsx';
import { MatchReasons } from '../../../domain/partners/match-reasons.tsx';
import { PartnerAvatar, useDisplayName } from '../../../domain/partners/partner-avatar.tsx';

/** One suggestion: who, why you match, and the first step towards each other. */
export function SuggestionCard({ partner }: { partner: Partner }) {
  const { t } = useTranslation(['dashboard', 'friendship']);
  const name = useDisplayName()(partner.nickname);
  const headingId = `suggestion-${partner.id}`;
  return (
    <article
      aria-labelledby={headingId}
      className="flex h-full flex-col gap-4 rounded-2xl border border-line bg-surface p-5 shadow-sm"
      data-partner={partner.id}
    >
      <div className="flex items-center gap-3">
        <PartnerAvatar nickname={partner.nickname} avatar={partner.avatar} online={partner.online} />
        <div className="min-w-0">
          <h3 id={headingId} className="truncate text-lg font-semibold">
            {name}
          </h3>
          {partner.online && <p className="text-sm text-muted">{t('friendship:online')}</p>}
        </div>
      </div>
      <MatchReasons reasons={partner.reason} />
      <div className="mt-auto flex flex-wrap gap-2">
        <ButtonLink
          to={`/profile/${partner.id}`}
          variant="secondary"
          size="sm"
          aria-label={`${t('suggestions.viewProfile')} ${name}`}
        >
          {t('suggestions.viewProfile')}
        </ButtonLink>
        {partner.friend_status === FriendStatus.none && (
          <FriendActionDialog
            action="send"
            partnerId={partner.id}
            nickname={name}
            trigger={
              <Button size="sm" aria-label={`${t('friendship:actions.send.button')} ${name}`}>
                <UserPlus aria-hidden="true" className="size-4" />
                {t('friendship:actions.send.button')}
              </Button>
            }
          />
        )}
        {partner.friend_status === FriendStatus.sent && (
          <p className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-accent-strong">
            <Clock aria-hidden="true" className="size-4" />
            {t('friendship:status.sent')}
          </p>
        )}
        {partner.friend_status === FriendStatus.befriended && (
          <Link to={`/profile/${partner.id}`} className="inline-flex min-h-11 items-center text-sm">
            {t('friendship:status.befriended')}
          </Link>
        )}
      </div>
    </article>
  );
}
