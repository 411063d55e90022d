import { defineScreens } from '../../lib/screens.ts';

export const blocklistScreens = defineScreens({
  blocklist: {
    path: '/blocklist',
    headerVariant: 'home',
    onboarded: true,
    title: 'blocklist:titles.blocklist',
    component: async () => (await import('./components/blocklist-screen.tsx')).BlocklistScreen,
  },
});
