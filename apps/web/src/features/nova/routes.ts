import { defineScreens } from '../../lib/screens.ts';

/**
 * The team's console (issue 16). Every screen is guest-accessible for the members' guard (SPEC.md §2:
 * the /nova entry is guest-accessible); the console checks its own staff session in its layout, and
 * the server checks every call. All of it loads in chunks of its own that members never download.
 */
const signIn = async () => (await import('./components/sign-in-layout.tsx')).SignInLayout;
const consoleLayout = async () => (await import('./components/console-layout.tsx')).ConsoleLayout;

export const novaScreens = defineScreens({
  nova: {
    path: '/nova',
    guest: true,
    title: 'nova:titles.nova',
    layout: consoleLayout,
    component: async () => (await import('./components/dashboard/dashboard-screen.tsx')).DashboardScreen,
  },
  'nova-login': {
    path: '/nova/login',
    guest: true,
    title: 'nova:titles.nova-login',
    layout: signIn,
    component: async () => (await import('./components/sign-in/sign-in-screen.tsx')).SignInScreen,
  },
  'nova-unauthorized': {
    path: '/nova/unauthorized',
    guest: true,
    title: 'nova:titles.nova-unauthorized',
    layout: signIn,
    component: async () => (await import('./components/sign-in/unauthorized-screen.tsx')).UnauthorizedScreen,
  },
  'nova-members': {
    path: '/nova/members',
    guest: true,
    title: 'nova:titles.nova-members',
    layout: consoleLayout,
    component: async () => (await import('./components/members/members-screen.tsx')).MembersScreen,
  },
  'nova-member': {
    path: '/nova/members/:id',
    guest: true,
    title: 'nova:titles.nova-member',
    layout: consoleLayout,
    component: async () => (await import('./components/members/member-screen.tsx')).MemberScreen,
  },
  'nova-reports': {
    path: '/nova/reports',
    guest: true,
    title: 'nova:titles.nova-reports',
    layout: consoleLayout,
    component: async () => (await import('./components/reports/reports-screen.tsx')).ReportsScreen,
  },
  'nova-report': {
    path: '/nova/reports/:id',
    guest: true,
    title: 'nova:titles.nova-report',
    layout: consoleLayout,
    component: async () => (await import('./components/reports/report-screen.tsx')).ReportScreen,
  },
  'nova-appeals': {
    path: '/nova/appeals',
    guest: true,
    title: 'nova:titles.nova-appeals',
    layout: consoleLayout,
    component: async () => (await import('./components/appeals/appeals-screen.tsx')).AppealsScreen,
  },
  'nova-groups': {
    path: '/nova/groups',
    guest: true,
    title: 'nova:titles.nova-groups',
    layout: consoleLayout,
    component: async () => (await import('./components/groups/groups-screen.tsx')).GroupsScreen,
  },
  'nova-content': {
    path: '/nova/content',
    guest: true,
    title: 'nova:titles.nova-content',
    layout: consoleLayout,
    component: async () => (await import('./components/content/content-screen.tsx')).ContentScreen,
  },
  'nova-support': {
    path: '/nova/support',
    guest: true,
    title: 'nova:titles.nova-support',
    layout: consoleLayout,
    component: async () => (await import('./components/support/support-screen.tsx')).SupportScreen,
  },
  'nova-plans': {
    path: '/nova/plans',
    guest: true,
    title: 'nova:titles.nova-plans',
    layout: consoleLayout,
    component: async () => (await import('./components/plans/plans-screen.tsx')).PlansScreen,
  },
  'nova-audit': {
    path: '/nova/audit',
    guest: true,
    title: 'nova:titles.nova-audit',
    layout: consoleLayout,
    component: async () => (await import('./components/audit/audit-screen.tsx')).AuditScreen,
  },
});
