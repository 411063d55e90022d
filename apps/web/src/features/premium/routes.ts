import { defineScreens } from '../../lib/screens.ts';

export const premiumScreens = defineScreens({
  premium: {
    path: '/premium',
    headerVariant: 'home',
    title: 'premium:titles.premium',
    component: async () => (await import('./components/premium-screen.tsx')).PremiumScreen,
  },
});
