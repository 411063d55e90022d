import { defineScreens } from '../../lib/screens.ts';

/** Cancelling and withdrawing without a login (issue 14, § 312k BGB, EU directive 2023/2673). */
export const contractsScreens = defineScreens({
  'contracts-cancel': {
    path: '/contracts/cancel',
    guest: true,
    scrollToTop: true,
    title: 'contracts:titles.contracts-cancel',
    component: async () => (await import('./components/cancel-screen.tsx')).CancelScreen,
  },
  'contracts-withdraw': {
    path: '/contracts/withdraw',
    guest: true,
    scrollToTop: true,
    title: 'contracts:titles.contracts-withdraw',
    component: async () => (await import('./components/withdraw-screen.tsx')).WithdrawScreen,
  },
});
