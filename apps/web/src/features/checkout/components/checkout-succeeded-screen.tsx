import { PartyPopper } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';

export function CheckoutSucceededScreen() {
  const { t } = useTranslation(['checkout', 'routes']);
  return (
    <Page title={t('checkout-succeeded', { ns: 'routes' })} intro={t('succeeded.intro')}>
      <EmptyState
        icon={PartyPopper}
        title={t('succeeded.title')}
        action={<ButtonLink to="/dashboard">{t('succeeded.action')}</ButtonLink>}
      >
        {t('succeeded.text')}
      </EmptyState>
    </Page>
  );
}
