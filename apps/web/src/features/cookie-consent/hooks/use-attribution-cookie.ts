import { useEffect } from 'react';
import { capturedAttribution, updateAttributionCookie } from '../../../lib/attribution.ts';
import { useConsentStore } from '../../../lib/consent.ts';

/** Writes the attribution captured at start once the member allowed statistics cookies. */
export function useAttributionCookie() {
  const toolPresent = useConsentStore((s) => s.toolPresent);
  const statistics = useConsentStore((s) => s.choice?.statistics ?? false);
  useEffect(() => {
    updateAttributionCookie(capturedAttribution(), { toolPresent, statistics });
  }, [toolPresent, statistics]);
}
