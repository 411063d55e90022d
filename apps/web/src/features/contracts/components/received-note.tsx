import { CircleCheck } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { getLocale } from '../../../lib/i18n.ts';

/** The confirmation on screen right away, with the time of receipt (the mail follows in text form). */
export function ReceivedNote({
  title,
  receivedAt,
  email,
  needsConfirmation,
}: {
  title: string;
  receivedAt: string;
  email: string;
  /** Sent without the contract's own session: it takes effect once the mailed link is opened. */
  needsConfirmation: boolean;
}) {
  const { t } = useTranslation('contracts');
  const when = new Intl.DateTimeFormat(getLocale() === 'de' ? 'de-DE' : 'en-GB', {
    dateStyle: 'long',
    timeStyle: 'medium',
    timeZone: 'Europe/Berlin',
  }).format(new Date(receivedAt));
  return (
    <Card tone="accent" role="status" aria-labelledby="received-title">
      <h2 id="received-title" className="flex items-center gap-2 text-lg font-semibold">
        <CircleCheck aria-hidden="true" className="size-6 text-accent-strong" /> {title}
      </h2>
      <p className="mt-3" data-testid="received-at">
        {t('received.when', { when })}
      </p>
      {needsConfirmation ? (
        <p className="mt-2 font-semibold" data-testid="confirm-by-mail">
          {t('received.confirmByMail', { email })}
        </p>
      ) : (
        <p className="mt-2">{t('received.mail', { email })}</p>
      )}
      <p className="mt-2 text-muted">{t('received.noContract')}</p>
      <ButtonLink to="/" variant="secondary" className="mt-5">
        {t('received.home')}
      </ButtonLink>
    </Card>
  );
}
