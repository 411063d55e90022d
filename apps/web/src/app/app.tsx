import { QueryClientProvider } from '@tanstack/react-query';
import { createBrowserHistory, type History } from 'history';
import { I18nextProvider } from 'react-i18next';
import { configureSessionHooks } from '../lib/api-client.ts';
import { i18n } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { withReturnTo } from '../lib/return-to.ts';
import { createRouter, type Router, RouterProvider } from '../lib/router.tsx';
import '../lib/session.ts';
import { startAnalytics } from './analytics.ts';
import { RootLayout } from './layout/root-layout.tsx';
import { AppLoading, RouteError } from './route-error.tsx';
import type { RouteMeta } from './route-meta.ts';
import { appRoutes } from './router.tsx';

export type AppRouter = Router<RouteMeta>;

/** The app's router on the browser's history; tests pass a memory history (`createMemoryHistory`). */
export function createAppRouter(history: History = createBrowserHistory()): AppRouter {
  const router = createRouter({ routes: appRoutes, history });
  configureSessionHooks({
    // During a navigation the guard decides where to go; otherwise the member goes to /login and,
    // once signed in again, back to where they were (issue 9 item 16). A screen open to guests stays: a
    // request the screen before it left running (the farewell page after deleting the account) earns a
    // 401 there, and that screen needs no session.
    onSessionExpired: () => {
      const { initialized, navigation, match } = router.state;
      if (initialized && navigation.state === 'idle' && !match?.route.meta?.guest) {
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
        <RouterProvider router={router} root={RootLayout} fallback={AppLoading} errorScreen={RouteError} />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
