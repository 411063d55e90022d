import type { RouteDefinition } from '../lib/router.tsx';
import { guardLoader, homeLoader } from './guard-loader.ts';
import { withOnboardingGate } from './onboarding-gate.tsx';
import { AppLoading } from './route-error.tsx';
import { type RouteMeta, routes, screens } from './route-meta.ts';

/**
 * Every route of the app (decision 022): home, whose loader sends the visitor on, then each screen of the
 * table, guarded and fetched when first opened, inside its layout if it names one. The app's frame
 * (layout/root-layout.tsx) is around them all.
 */
export const appRoutes: RouteDefinition<RouteMeta>[] = [
  { path: routes.home.path, meta: routes.home, loader: homeLoader, component: AppLoading },
  ...screens.map(({ meta, screen }) => ({
    path: meta.path,
    meta,
    loader: guardLoader(meta, screen.prefetch),
    lazy: async () => withOnboardingGate(await screen.component(), meta),
    layout: screen.layout,
  })),
];
