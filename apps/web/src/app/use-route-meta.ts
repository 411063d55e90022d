import { useMatches } from 'react-router';
import type { RouteMeta } from './route-meta.ts';

/** The meta of the deepest matched route (its `handle`). */
export function useRouteMeta(): RouteMeta | undefined {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteMeta | undefined;
    if (handle?.name) return handle;
  }
  return undefined;
}
