import { defineScreens } from '../../lib/screens.ts';

export const groupsScreens = defineScreens({
  groups: {
    path: '/groups',
    headerVariant: 'home',
    onboarded: true,
    title: 'groups:titles.groups',
    component: async () => (await import('./components/groups-screen.tsx')).GroupsScreen,
  },
  group: {
    path: '/groups/:id',
    headerVariant: 'home',
    onboarded: true,
    scrollToTop: true,
    title: 'groups:titles.group',
    component: async () => (await import('./components/group-screen.tsx')).GroupScreen,
  },
  'group-post': {
    path: '/groups/:id/posts/:postId',
    headerVariant: 'home',
    onboarded: true,
    scrollToTop: true,
    title: 'groups:titles.post',
    component: async () => (await import('./components/post-screen.tsx')).PostScreen,
  },
});
