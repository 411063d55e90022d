import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { ButtonLink } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Page } from '../../../components/ui/page.tsx';
import { useUserStore } from '../../../lib/storage/user-store.ts';
import { YourDataSection } from './your-data-section.tsx';

/** Security settings: sign-in details and language. Password/e-mail changes come later. */
export function SettingsScreen() {
  const { t } = useTranslation('settings');
  const user = useUserStore((s) => s.user);
  if (!user) return null;
  return (
    <Page title={t('titles.settings')} intro={t('intro')}>
      <Card aria-labelledby="settings-account">
        <h2 id="settings-account" className="text-lg font-semibold">
          {t('account.title')}
        </h2>
        <dl className="mt-3">
          <dt className="text-sm text-muted">{t('account.email')}</dt>
          <dd>
            {/* A long address may break anywhere; the status beside it never inside a word. */}
            <span className="wrap-anywhere">{user.email}</span>{' '}
            <span className="ml-1 inline-block rounded-full bg-accent-soft px-2 py-0.5 text-sm whitespace-nowrap text-accent-strong">
              {user.is_verified ? t('account.verified') : t('account.unverified')}
            </span>
          </dd>
        </dl>
      </Card>
      <Card aria-labelledby="settings-language">
        <h2 id="settings-language" className="text-lg font-semibold">
          {t('language.title')}
        </h2>
        <p className="mt-1 mb-4 text-muted">{t('language.text')}</p>
        <LanguageSwitch />
      </Card>
      <YourDataSection />
      <Card aria-labelledby="settings-more">
        <h2 id="settings-more" className="text-lg font-semibold">
          {t('more.title')}
        </h2>
        <p className="mt-1 mb-4 text-muted">{t('more.text')}</p>
        <ButtonLink to="/customer-service" variant="secondary">
          {t('more.action')}
        </ButtonLink>
      </Card>
    </Page>
  );
}
