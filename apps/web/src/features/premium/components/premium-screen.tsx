import { Sparkles } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';

/** Premium plans; plans and checkout arrive with the premium issue. */
export function PremiumScreen() {
  const { t } = useTranslation('premium');
  return (
    <Page title={t('titles.premium')} intro={t('intro')}>
      <EmptyState
        icon={Sparkles}
        title={t('empty.title')}
        link={{ to: '/dashboard', label: t('empty.action') }}
      >
        {t('empty.text')}
      </EmptyState>
    </Page>
  );
}
