import { LegalDocument } from './legal-document.tsx';

export function ConditionsScreen() {
  return <LegalDocument doc="conditions" />;
}
