import { LegalDocument } from './legal-document.tsx';

export function AccessibilityScreen() {
  return <LegalDocument slug="accessibility" />;
}
