import type { RouteObject } from 'react-router';
import { guardLoader, homeLoader } from './guard-loader.ts';
import { RootLayout } from './layout/root-layout.tsx';
import { withOnboardingGate } from './onboarding-gate.tsx';
import { AppLoading, RouteError } from './route-error.tsx';
import { routes, type ScreenEntry, screens } from './route-meta.ts';

/**
 * A screen of the table as a route of React Router's data router (decision 028): its guard is the loader, which
 * runs before the screen shows and may redirect; the screen is fetched when first opened; its table entry is
 * the route's `handle`, which the page behaviour, analytics and the session hooks read.
 */
export function screenRoute({ meta, screen }: ScreenEntry): RouteObject {
  return {
    path: meta.path,
    handle: meta,
    loader: guardLoader(meta, screen.prefetch),
    lazy: async () => ({ Component: withOnboardingGate(await screen.component(), meta) }),
  };
}

/**
 * The screens in table order; those that name the same layout (the /nova pages) become children of one
 * pathless route that fetches and renders it, so the frame stays mounted between them.
 */
export function screenRoutes(entries: ScreenEntry[]): RouteObject[] {
  const result: RouteObject[] = [];
  const framed = new Map<ScreenEntry['screen']['layout'], RouteObject[]>();
  for (const entry of entries) {
    const { layout } = entry.screen;
    if (!layout) {
      result.push(screenRoute(entry));
      continue;
    }
    let children = framed.get(layout);
    if (!children) {
      children = [];
      framed.set(layout, children);
      result.push({ lazy: async () => ({ Component: await layout() }), children });
    }
    children.push(screenRoute(entry));
  }
  return result;
}

/**
 * Every route of the app: the app's frame (layout/root-layout.tsx) around home, whose loader sends the visitor
 * on, and every screen of the table. Until the first navigation has finished the loading screen shows; a
 * loader or a screen that fails shows the error screen inside the frame.
 */
export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: AppLoading,
    children: [
      { path: routes.home.path, handle: routes.home, loader: homeLoader, Component: AppLoading },
      ...screenRoutes(screens),
    ],
  },
];
