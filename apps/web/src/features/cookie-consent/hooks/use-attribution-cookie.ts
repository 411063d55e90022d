import { useEffect } from 'react';
import { capturedAttribution, updateAttributionCookie } from '../../../lib/attribution.ts';
import { useConsentStore } from '../../../lib/consent.ts';

/** Writes the attribution captured at start once the visitor allowed marketing cookies. */
export function useAttributionCookie() {
  const toolPresent = useConsentStore((s) => s.toolPresent);
  const marketing = useConsentStore((s) => s.choice?.marketing ?? false);
  useEffect(() => {
    updateAttributionCookie(capturedAttribution(), { toolPresent, marketing });
  }, [toolPresent, marketing]);
}
