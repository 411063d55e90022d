import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, Info, Sparkles } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { LoadingNote } from '../../../components/ui/spinner.tsx';
import { getUser } from '../../../domain/account/get-user.ts';
import { realtimeBus } from '../../../lib/realtime.ts';
import { useCheckoutState } from '../api/get-checkout-state.ts';

/** The real state of one checkout: confirming until the payment is confirmed, then premium, live. */
function CheckoutOutcome({ sessionId }: { sessionId: string }) {
  const { t } = useTranslation('checkout');
  const state = useCheckoutState(sessionId);
  const client = useQueryClient();
  const outcome = state.data?.state;

  useEffect(
    () =>
      realtimeBus.on('PremiumChanged', () => {
        void client.invalidateQueries({ queryKey: ['payments', 'checkout-state', sessionId] });
      }),
    [client, sessionId],
  );
  // Once premium, the member everywhere in the app is premium too (header, /premium guard).
  useEffect(() => {
    if (outcome === 'premium') void getUser().catch(() => undefined);
  }, [outcome]);

  if (state.isError) {
    return (
      <EmptyState
        icon={Info}
        title={t('succeeded.title')}
        link={{ to: '/premium', label: t('succeeded.action') }}
      >
        {t('succeeded.unknown')}
      </EmptyState>
    );
  }
  return (
    <div aria-live="polite">
      {!outcome || outcome === 'confirming' ? (
        <LoadingNote>{t('succeeded.confirming')}</LoadingNote>
      ) : outcome === 'premium' ? (
        <EmptyState
          icon={Sparkles}
          title={t('succeeded.premiumTitle')}
          link={{ to: '/dashboard', label: t('succeeded.toDashboard') }}
        >
          {t('succeeded.premiumText')}
        </EmptyState>
      ) : (
        <EmptyState
          icon={CircleAlert}
          title={t('succeeded.failedTitle')}
          link={{ to: '/premium', label: t('succeeded.action') }}
        >
          {t('succeeded.failedText')}
        </EmptyState>
      )}
    </div>
  );
}

/**
 * Where the payment provider sends members back. It shows what really happened: without a checkout
 * nothing was bought (and nobody is thanked); with one, "wird bestätigt" until the provider confirms.
 */
export function CheckoutSucceededScreen() {
  const { t } = useTranslation('checkout');
  const sessionId = useSearchParams()[0].get('session_id');
  return (
    <Page title={t('titles.checkout-succeeded')}>
      {sessionId ? (
        <CheckoutOutcome sessionId={sessionId} />
      ) : (
        <EmptyState
          icon={Info}
          title={t('succeeded.title')}
          link={{ to: '/premium', label: t('succeeded.action') }}
        >
          {t('succeeded.text')}
        </EmptyState>
      )}
    </Page>
  );
}
