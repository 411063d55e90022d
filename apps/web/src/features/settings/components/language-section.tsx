import { useTranslation } from 'react-i18next';
import { LanguageSwitch } from '../../../components/language-switch.tsx';
import { SettingsSection } from './settings-section.tsx';

export function LanguageSection() {
  const { t } = useTranslation('settings');
  return (
    <SettingsSection title={t('language.title')} text={t('language.text')}>
      <LanguageSwitch />
    </SettingsSection>
  );
}
