import type { RouteObject } from 'react-router';
import { guardLoader, homeLoader } from './guard-loader.ts';
import { RootLayout } from './layout/root-layout.tsx';
import { withOnboardingGate } from './onboarding-gate.tsx';
import { AppLoading, RouteError } from './route-error.tsx';
import { routes, type ScreenEntry, screens } from './route-meta.ts';

/** A guarded, lazily loaded screen. */
function screenRoute({ meta, screen }: ScreenEntry): RouteObject {
  return {
    path: meta.path,
    handle: meta,
    loader: guardLoader(meta),
    lazy: async () => ({ Component: withOnboardingGate(await screen.component(), meta) }),
  };
}

/** Screens that name the same layout are children of one pathless route that renders it. */
function screenRoutes(entries: ScreenEntry[]): RouteObject[] {
  const result: RouteObject[] = [];
  const framed = new Map<unknown, RouteObject[]>();
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
