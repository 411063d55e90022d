import { defineScreens } from '../../lib/screens.ts';

export const checkoutScreens = defineScreens({
  checkout: {
    path: '/checkout/:plan_id',
    guest: true,
    title: 'checkout:titles.checkout',
    component: async () => (await import('./components/checkout-screen.tsx')).CheckoutScreen,
  },
  'checkout-succeeded': {
    path: '/checkout-succeeded',
    headerVariant: 'home',
    title: 'checkout:titles.checkout-succeeded',
    component: async () =>
      (await import('./components/checkout-succeeded-screen.tsx')).CheckoutSucceededScreen,
  },
});
