import { useEffect } from 'react';
import { useLocation } from 'react-router';

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;

/**
 * SPEC.md §2: on a reload with a hash the page scrolls smoothly to the anchor. These texts come from
 * the API, so the app's own first-frame scroll finds no anchor yet: once `ready`, scroll to it here
 * (after `beforeScroll`, e.g. opening the FAQ answer it names).
 */
export function useScrollToHash(ready: boolean, beforeScroll?: (anchor: string) => boolean) {
  const { hash } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per loaded text and hash
  useEffect(() => {
    const anchor = decodeURIComponent(hash.slice(1));
    if (!ready || !anchor) return;
    if (beforeScroll && !beforeScroll(anchor)) return;
    requestAnimationFrame(() =>
      document
        .getElementById(anchor)
        ?.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' }),
    );
  }, [ready, hash]);
}
