/** The Page Visibility API: whether the member can see this page right now (not a background tab). */
export const pageVisible = (): boolean => document.visibilityState === 'visible';

/** Calls `shown` each time the page comes back into view; returns the cleanup. */
export function onPageShown(shown: () => void): () => void {
  const handler = () => {
    if (pageVisible()) shown();
  };
  document.addEventListener('visibilitychange', handler);
  return () => document.removeEventListener('visibilitychange', handler);
}
