import { QueryClientProvider } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { configureSessionHooks } from '../lib/api-client.ts';
import { i18n } from '../lib/i18n.ts';
import { queryClient } from '../lib/query-client.ts';
import { withReturnTo } from '../lib/return-to.ts';
import '../lib/session.ts';
import { startAnalytics } from './analytics.ts';
import { appRoutes } from './router.tsx';

type RouterFactory = (routes: typeof appRoutes) => ReturnType<typeof createBrowserRouter>;

export function createAppRouter(factory: RouterFactory = (routes) => createBrowserRouter(routes)) {
  const router = factory(appRoutes);
  configureSessionHooks({
    // During a navigation the guard decides where to go; otherwise the member goes to /login and,
    // once signed in again, back to where they were (issue 9 item 16).
    onSessionExpired: () => {
      if (router.state.initialized && router.state.navigation.state === 'idle') {
        const { pathname, search } = router.state.location;
        void router.navigate(withReturnTo('/login', `${pathname}${search}`), { replace: true });
      }
    },
  });
  startAnalytics(router);
  return router;
}

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>
  );
}
