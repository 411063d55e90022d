import { Info } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';

/**
 * Where a payment provider sends members back. Until premium can be booked no payment can have
 * happened, so the page says so calmly instead of thanking anyone (the premium issue replaces it).
 */
export function CheckoutSucceededScreen() {
  const { t } = useTranslation('checkout');
  return (
    <Page title={t('titles.checkout-succeeded')}>
      <EmptyState
        icon={Info}
        title={t('succeeded.title')}
        link={{ to: '/premium', label: t('succeeded.action') }}
      >
        {t('succeeded.text')}
      </EmptyState>
    </Page>
  );
}
