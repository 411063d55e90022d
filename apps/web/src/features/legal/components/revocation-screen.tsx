import { LegalDocument } from './legal-document.tsx';

export function RevocationScreen() {
  return <LegalDocument slug="revocation" />;
}
