import { useSyncExternalStore } from 'react';

const never = () => () => {};

/**
 * False in the HTML rendered at build time and while the browser hydrates it, true from then on (and at
 * once on a page rendered in the browser). A guest page's form waits for it: sent before the app runs, it
 * would go out as a plain form (the password in the address).
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
