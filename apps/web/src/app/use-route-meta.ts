import { useMatches } from 'react-router';
import type { RouteMeta } from './route-meta.ts';

/** The meta of the screen on show: the deepest matched route's `handle` (a layout route has none). */
export function useRouteMeta(): RouteMeta | undefined {
  return useMatches().at(-1)?.handle as RouteMeta | undefined;
}
