import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';

/** Checkout for /checkout/:plan_id (guests and unverified members allowed). */
export function CheckoutScreen() {
  const { t } = useTranslation('checkout');
  const { plan_id } = useParams();
  return (
    <Page title={t('titles.checkout')} intro={t('intro')} width="default">
      <div data-plan-id={plan_id}>
        <EmptyState
          icon={CreditCard}
          title={t('empty.title')}
          link={{ to: '/premium', label: t('empty.action') }}
        >
          {t('empty.text')}
        </EmptyState>
      </div>
      <p>
        <Link to="/revocation">{t('revocation')}</Link>
      </p>
    </Page>
  );
}
