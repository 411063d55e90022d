import { defineScreens } from '../../lib/screens.ts';

export const partnersScreens = defineScreens({
  partner: {
    path: '/profile/:id',
    scrollToTop: true,
    headerVariant: 'home',
    onboarded: true,
    title: 'partners:titles.partner',
    component: async () => (await import('./components/partner-profile-screen.tsx')).PartnerProfileScreen,
  },
});
