import type { Partner } from '@trostnetz/contracts/partners';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FriendActionDialog } from '../../../domain/friendship/friend-action-dialog.tsx';
import { MatchReasons } from '../../../domain/partners/match-reasons.tsx';
import { PartnerAvatar, useDisplayName } from '../../../domain/partners/partner-avatar.tsx';
import { SupporterBadge } from '../../../domain/partners/supporter-badge.tsx';

/** Requests waiting for the member's answer (friend_status 1), answered right here. */
export function ReceivedRequests({ partners }: { partners: Partner[] }) {
  const { t } = useTranslation(['dashboard', 'friendship']);
  const displayName = useDisplayName();
  if (!partners.length) return null;
  return (
    <Card tone="accent" aria-labelledby="received-requests" data-section="received-requests">
      <h2 id="received-requests" className="text-xl font-semibold">
        {t('requests.title', { count: partners.length })}
      </h2>
      <ul className="mt-4 space-y-4">
        {partners.map((partner) => {
          const name = displayName(partner.nickname);
          return (
            <li key={partner.id} className="space-y-3 rounded-xl bg-surface p-4" data-partner={partner.id}>
              <div className="flex items-center gap-3">
                <PartnerAvatar nickname={partner.nickname} avatar={partner.avatar} online={partner.online} />
                <p className="min-w-0">
                  <Link to={`/profile/${partner.id}`} className="font-semibold">
                    {name}
                  </Link>
                  <span className="block text-sm text-muted">{t('friendship:status.received')}</span>
                </p>
              </div>
              {partner.request_message && (
                <blockquote className="rounded-lg border-l-4 border-accent bg-canvas px-4 py-2 whitespace-pre-line">
                  <span className="sr-only">{t('requests.message')}: </span>
                  {partner.request_message}
                </blockquote>
              )}
              <MatchReasons reasons={partner.reason} />
              <div className="flex flex-wrap gap-2">
                <FriendActionDialog
                  action="accept"
                  partnerId={partner.id}
                  nickname={name}
                  trigger={
                    <Button size="sm" aria-label={`${t('friendship:actions.accept.button')} ${name}`}>
                      {t('friendship:actions.accept.button')}
                    </Button>
                  }
                />
                <FriendActionDialog
                  action="deny"
                  partnerId={partner.id}
                  nickname={name}
                  trigger={
                    <Button
                      size="sm"
                      variant="secondary"
                      aria-label={`${t('friendship:actions.deny.button')} ${name}`}
                    >
                      {t('friendship:actions.deny.button')}
                    </Button>
                  }
                />
              </div>
            </li>
          );
        })}
      </ul>
    </Card>
  );
}

/** Befriended partners and requests the member sent, each a link to the profile. */
export function PartnerList({
  id,
  title,
  partners,
  status,
}: {
  id: string;
  title: string;
  partners: Partner[];
  status: string;
}) {
  const displayName = useDisplayName();
  if (!partners.length) return null;
  return (
    <section aria-labelledby={id} data-section={id}>
      <h2 id={id} className="text-xl font-semibold">
        {title}
      </h2>
      <ul className="mt-3 grid gap-2 sm:grid-cols-2">
        {partners.map((partner) => (
          <li key={partner.id} data-partner={partner.id}>
            <Link
              to={`/profile/${partner.id}`}
              className="flex items-center gap-3 rounded-xl border border-line bg-surface p-3 text-ink no-underline hover:border-accent"
            >
              <PartnerAvatar nickname={partner.nickname} avatar={partner.avatar} online={partner.online} />
              <span className="min-w-0">
                <span className="block truncate font-semibold">
                  {displayName(partner.nickname)}
                  <SupporterBadge supporter={partner.supporter} />
                </span>
                <span className="block text-sm text-muted">{status}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
