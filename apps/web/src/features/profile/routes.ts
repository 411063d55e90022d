import { defineScreens } from '../../lib/screens.ts';

export const profileScreens = defineScreens({
  profile: {
    path: '/profile',
    headerVariant: 'settings',
    title: 'profile:titles.profile',
    component: async () => (await import('./components/profile-screen.tsx')).ProfileScreen,
  },
});
