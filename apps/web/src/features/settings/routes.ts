import { defineScreens } from '../../lib/screens.ts';

export const settingsScreens = defineScreens({
  settings: {
    path: '/settings',
    headerVariant: 'settings',
    title: 'settings:titles.settings',
    component: async () => (await import('./components/settings-screen.tsx')).SettingsScreen,
  },
});
