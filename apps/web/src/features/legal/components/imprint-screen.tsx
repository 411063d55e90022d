import { LegalDocument } from './legal-document.tsx';

export function ImprintScreen() {
  return <LegalDocument slug="imprint" />;
}
