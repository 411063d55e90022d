import { LegalDocument } from './legal-document.tsx';

export function ConditionsScreen() {
  return <LegalDocument slug="conditions" />;
}
