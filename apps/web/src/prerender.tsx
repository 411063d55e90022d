import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { I18nextProvider } from 'react-i18next';
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
} from 'react-router';
import { appRoutes } from './app/router.tsx';
import { i18n, i18nReady } from './lib/i18n.ts';
import { queryClient } from './lib/query-client.ts';

/** The routes without their guards: a guest page as a visitor without a session sees it. */
const withoutLoaders = (routes: RouteObject[]): RouteObject[] =>
  routes.map(
    ({ loader: _loader, children, ...route }) =>
      (children ? { ...route, children: withoutLoaders(children) } : route) as RouteObject,
  );

/** A guest page's markup as its first paint (German), rendered at build time. */
export async function renderGuestPage(path: string): Promise<string> {
  await i18nReady;
  const handler = createStaticHandler(withoutLoaders(appRoutes));
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`prerender: ${path} answered ${context.status}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </QueryClientProvider>
      </I18nextProvider>
    </StrictMode>,
  );
  return new Response(prelude).text();
}
