import { useRouteMatch } from '../lib/router.tsx';
import type { RouteMeta } from './route-meta.ts';

/** The meta of the route on screen. */
export function useRouteMeta(): RouteMeta | undefined {
  return useRouteMatch<RouteMeta>()?.route.meta;
}
