import { defineScreens } from '../../lib/screens.ts';

export const checkoutScreens = defineScreens({
  checkout: {
    path: '/checkout/:plan_id',
    guest: true,
    title: 'checkout:titles.checkout',
    component: async () => (await import('./components/checkout-screen.tsx')).CheckoutScreen,
  },
  /** The built-in test provider's page (issue 14), only without a Stripe key; unverified members pay too. */
  'checkout-test-provider': {
    path: '/checkout/test-provider/:session',
    title: 'checkout:titles.checkout-test-provider',
    notTracked: true,
    component: async () => (await import('./components/test-provider-screen.tsx')).TestProviderScreen,
  },
  'checkout-succeeded': {
    path: '/checkout-succeeded',
    headerVariant: 'home',
    title: 'checkout:titles.checkout-succeeded',
    component: async () =>
      (await import('./components/checkout-succeeded-screen.tsx')).CheckoutSucceededScreen,
  },
});
