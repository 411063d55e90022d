import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { configureSessionHooks } from '../lib/api-client.ts';
import { i18n } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { withReturnTo } from '../lib/return-to.ts';
import '../lib/session.ts';
import { startAnalytics } from './analytics.ts';
import type { RouteMeta } from './route-meta.ts';
import { appRoutes } from './router.tsx';

export type AppRouter = ReturnType<typeof createBrowserRouter>;
type RouterFactory = (routes: typeof appRoutes) => AppRouter;

/**
 * The app's router, React Router's data router on the browser's history (decision 028); tests pass
 * `(routes) => createMemoryRouter(routes, { initialEntries })`.
 */
export function createAppRouter(factory: RouterFactory = (routes) => createBrowserRouter(routes)): AppRouter {
  const router = factory(appRoutes);
  configureSessionHooks({
    // During a navigation the guard decides where to go; otherwise the member goes to /login and,
    // once signed in again, back to where they were (issue 9 item 16). A screen open to guests stays: a
    // request the screen before it left running (the farewell page after deleting the account) earns a
    // 401 there, and that screen needs no session.
    onSessionExpired: () => {
      const { initialized, navigation, matches } = router.state;
      const meta = matches.at(-1)?.route.handle as RouteMeta | undefined;
      if (initialized && navigation.state === 'idle' && !meta?.guest) {
        const { pathname, search } = router.state.location;
        void router.navigate(withReturnTo('/login', `${pathname}${search}`), { replace: true });
      }
    },
  });
  startAnalytics(router);
  return router;
}

export function App({ router }: { router: AppRouter }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
