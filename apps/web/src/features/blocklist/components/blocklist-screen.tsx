import { EyeOff } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { EmptyState } from '../../../components/ui/empty-state.tsx';
import { Page } from '../../../components/ui/page.tsx';

/** Hidden profiles (block list); entries arrive with the block-list issue. */
export function BlocklistScreen() {
  const { t } = useTranslation(['blocklist', 'routes']);
  return (
    <Page title={t('blocklist', { ns: 'routes' })} intro={t('intro')}>
      <EmptyState
        icon={EyeOff}
        title={t('empty.title')}
        action={
          <ButtonLink to="/dashboard" variant="secondary">
            {t('empty.action')}
          </ButtonLink>
        }
      >
        {t('empty.text')}
      </EmptyState>
    </Page>
  );
}
