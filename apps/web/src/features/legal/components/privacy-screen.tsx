import { LegalDocument } from './legal-document.tsx';

export function PrivacyScreen() {
  return <LegalDocument slug="privacy" />;
}
