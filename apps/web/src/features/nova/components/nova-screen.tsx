import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Page } from '../../../components/ui/page.tsx';

export function NovaScreen() {
  const { t } = useTranslation('nova');
  return (
    <Page title={t('titles.nova')} intro={t('entry.intro')}>
      <div className="flex flex-wrap items-center gap-4">
        <ButtonLink to="/nova/login">{t('entry.action')}</ButtonLink>
        <Link to="/">{t('entry.back')}</Link>
      </div>
    </Page>
  );
}
