import { useEffect } from 'react';
import { getUser } from '../../../domain/account/get-user.ts';
import { onPageShown, pageVisible } from '../../../lib/page-visibility.ts';
import { postLastSeen } from '../api/last-seen.ts';

/**
 * SPEC.md §9: last-seen every 60 s while the page is visible, member refreshed every 60 min. The first
 * ping goes out at once, and again whenever the page comes back into view, so partners see the member
 * online as soon as they are here rather than a minute later.
 */
export const LAST_SEEN_INTERVAL_MS = 60_000;
export const USER_REFRESH_INTERVAL_MS = 60 * 60_000;

export function useSessionHeartbeat(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const ping = () => {
      if (pageVisible()) postLastSeen().catch(() => {});
    };
    ping();
    const stopWatching = onPageShown(ping);
    const lastSeen = setInterval(ping, LAST_SEEN_INTERVAL_MS);
    const refresh = setInterval(() => {
      getUser().catch(() => {});
    }, USER_REFRESH_INTERVAL_MS);
    return () => {
      stopWatching();
      clearInterval(lastSeen);
      clearInterval(refresh);
    };
  }, [active]);
}
