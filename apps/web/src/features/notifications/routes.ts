import { defineScreens } from '../../lib/screens.ts';

export const notificationsScreens = defineScreens({
  notifications: {
    path: '/notifications',
    headerVariant: 'settings',
    title: 'notifications:titles.notifications',
    component: async () => (await import('./components/notifications-screen.tsx')).NotificationsScreen,
  },
});
