import { useSyncExternalStore } from 'react';

/** SPEC.md §9: the mobile layout applies at 768 px or less. */
export const MOBILE_QUERY = '(max-width: 768px)';

function subscribe(onChange: () => void) {
  const mql = window.matchMedia(MOBILE_QUERY);
  mql.addEventListener('change', onChange);
  return () => mql.removeEventListener('change', onChange);
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(MOBILE_QUERY).matches,
    () => false,
  );
}
