import { defineScreens } from '../../lib/screens.ts';
import { prefetchDashboard } from './api/prefetch.ts';

export const dashboardScreens = defineScreens({
  dashboard: {
    path: '/dashboard',
    headerVariant: 'home',
    homeTexts: true,
    title: 'dashboard:titles.dashboard',
    component: async () => (await import('./components/dashboard-screen.tsx')).DashboardScreen,
    prefetch: prefetchDashboard,
  },
});
