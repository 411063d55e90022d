import { defineScreens } from '../../lib/screens.ts';

const layout = async () => (await import('./components/nova-layout.tsx')).NovaLayout;

/** The admin-tool entry and its children, in one frame. */
export const novaScreens = defineScreens({
  nova: {
    path: '/nova',
    guest: true,
    title: 'nova:titles.nova',
    layout,
    component: async () => (await import('./components/nova-screen.tsx')).NovaScreen,
  },
  'nova-login': {
    path: '/nova/login',
    guest: true,
    title: 'nova:titles.nova-login',
    layout,
    component: async () => (await import('./components/nova-login-screen.tsx')).NovaLoginScreen,
  },
  'nova-unauthorized': {
    path: '/nova/unauthorized',
    guest: true,
    title: 'nova:titles.nova-unauthorized',
    layout,
    component: async () => (await import('./components/nova-unauthorized-screen.tsx')).NovaUnauthorizedScreen,
  },
});
