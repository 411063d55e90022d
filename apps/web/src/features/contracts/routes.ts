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
  /** The link mailed to a contract's address: the declaration takes effect with one more click. */
  'contracts-confirm': {
    path: '/contracts/confirm/:token',
    guest: true,
    notTracked: true,
    title: 'contracts:titles.contracts-confirm',
    component: async () => (await import('./components/confirm-screen.tsx')).ConfirmScreen,
  },
});
