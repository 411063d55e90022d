import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { guardLoader, homeLoader } from './guard-loader.ts';
import { RootLayout } from './layout/root-layout.tsx';
import { withOnboardingGate } from './onboarding-gate.tsx';
import { AppLoading, RouteError } from './route-error.tsx';
import { type RouteMeta, routes } from './route-meta.ts';

/** A guarded, lazily loaded screen. */
function screen(meta: RouteMeta, load: () => Promise<ComponentType>): RouteObject {
  return {
    path: meta.path,
    handle: meta,
    loader: guardLoader(meta),
    lazy: async () => ({ Component: withOnboardingGate(await load(), meta) }),
  };
}

export const appRoutes: RouteObject[] = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    HydrateFallback: AppLoading,
    children: [
      { path: '/', handle: routes.home, loader: homeLoader, Component: AppLoading },
      screen(
        routes.dashboard,
        async () => (await import('../features/dashboard/components/dashboard-screen.tsx')).DashboardScreen,
      ),
      screen(
        routes.watchlist,
        async () => (await import('../features/watchlist/components/watchlist-screen.tsx')).WatchlistScreen,
      ),
      screen(
        routes.blocklist,
        async () => (await import('../features/blocklist/components/blocklist-screen.tsx')).BlocklistScreen,
      ),
      screen(
        routes.partner,
        async () =>
          (await import('../features/partners/components/partner-profile-screen.tsx')).PartnerProfileScreen,
      ),
      screen(
        routes.profile,
        async () => (await import('../features/profile/components/profile-screen.tsx')).ProfileScreen,
      ),
      screen(
        routes.settings,
        async () => (await import('../features/settings/components/settings-screen.tsx')).SettingsScreen,
      ),
      screen(
        routes.notifications,
        async () =>
          (await import('../features/notifications/components/notifications-screen.tsx')).NotificationsScreen,
      ),
      screen(
        routes.imprint,
        async () => (await import('../features/legal/components/imprint-screen.tsx')).ImprintScreen,
      ),
      screen(
        routes.privacy,
        async () => (await import('../features/legal/components/privacy-screen.tsx')).PrivacyScreen,
      ),
      screen(
        routes.revocation,
        async () => (await import('../features/legal/components/revocation-screen.tsx')).RevocationScreen,
      ),
      screen(
        routes.conditions,
        async () => (await import('../features/legal/components/conditions-screen.tsx')).ConditionsScreen,
      ),
      screen(routes.faq, async () => (await import('../features/legal/components/faq-screen.tsx')).FaqScreen),
      screen(
        routes['customer-service'],
        async () =>
          (await import('../features/legal/components/customer-service-screen.tsx')).CustomerServiceScreen,
      ),
      screen(
        routes['please-verify'],
        async () => (await import('../features/auth/components/please-verify-screen.tsx')).PleaseVerifyScreen,
      ),
      screen(
        routes.premium,
        async () => (await import('../features/premium/components/premium-screen.tsx')).PremiumScreen,
      ),
      screen(
        routes.checkout,
        async () => (await import('../features/checkout/components/checkout-screen.tsx')).CheckoutScreen,
      ),
      screen(
        routes['checkout-succeeded'],
        async () =>
          (await import('../features/checkout/components/checkout-succeeded-screen.tsx'))
            .CheckoutSucceededScreen,
      ),
      screen(
        routes.chat,
        async () => (await import('../features/chat/components/chat-screen.tsx')).ChatScreen,
      ),
      screen(
        routes['chat-with'],
        async () => (await import('../features/chat/components/chat-with-screen.tsx')).ChatWithScreen,
      ),
      screen(
        routes.login,
        async () => (await import('../features/auth/components/login-screen.tsx')).LoginScreen,
      ),
      screen(
        routes.register,
        async () => (await import('../features/auth/components/register-screen.tsx')).RegisterScreen,
      ),
      screen(
        routes['forgot-password'],
        async () =>
          (await import('../features/auth/components/forgot-password-screen.tsx')).ForgotPasswordScreen,
      ),
      screen(
        routes['forgot-password-verification'],
        async () =>
          (await import('../features/auth/components/reset-password-screen.tsx')).ResetPasswordScreen,
      ),
      screen(
        routes.verification,
        async () => (await import('../features/auth/components/verification-screen.tsx')).VerificationScreen,
      ),
      screen(
        routes['accept-friend-request'],
        async () =>
          (await import('../features/friend-requests/components/accept-friend-request-screen.tsx'))
            .AcceptFriendRequestScreen,
      ),
      screen(
        routes.onboarding,
        async () =>
          (await import('../features/onboarding/components/onboarding-screen.tsx')).OnboardingScreen,
      ),
      {
        path: routes.nova.path,
        lazy: async () => ({
          Component: (await import('../features/nova/components/nova-layout.tsx')).NovaLayout,
        }),
        children: [
          {
            index: true,
            handle: routes.nova,
            loader: guardLoader(routes.nova),
            lazy: async () => ({
              Component: (await import('../features/nova/components/nova-screen.tsx')).NovaScreen,
            }),
          },
          {
            ...screen(
              routes['nova-login'],
              async () => (await import('../features/nova/components/nova-login-screen.tsx')).NovaLoginScreen,
            ),
            path: 'login',
          },
          {
            ...screen(
              routes['nova-unauthorized'],
              async () =>
                (await import('../features/nova/components/nova-unauthorized-screen.tsx'))
                  .NovaUnauthorizedScreen,
            ),
            path: 'unauthorized',
          },
        ],
      },
      screen(routes['not-found'], async () => (await import('./not-found-screen.tsx')).NotFoundScreen),
    ],
  },
];
