import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/ui/page.tsx';
import { ChatPrivacySection } from './chat-privacy-section.tsx';
import { ContentNotesSection } from './content-notes-section.tsx';
import { EmailSection } from './email-section.tsx';
import { LanguageSection } from './language-section.tsx';
import { NicknameSection } from './nickname-section.tsx';
import { PasswordSection } from './password-section.tsx';
import { ReachSection } from './reach-section.tsx';
import { SessionsSection } from './sessions-section.tsx';
import { SubscriptionSection } from './subscription-section.tsx';
import { YourDataSection } from './your-data-section.tsx';

/** /settings (SPEC.md §2, header variant settings): each section is its own component, one line here. */
export function SettingsScreen() {
  const { t } = useTranslation('settings');
  return (
    <Page title={t('titles.settings')} intro={t('intro')}>
      <EmailSection />
      <PasswordSection />
      <SessionsSection />
      <NicknameSection />
      <LanguageSection />
      <ChatPrivacySection />
      <ReachSection />
      <ContentNotesSection />
      <SubscriptionSection />
      <YourDataSection />
    </Page>
  );
}
