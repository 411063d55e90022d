import { defineScreens } from '../../lib/screens.ts';

export const friendRequestsScreens = defineScreens({
  'accept-friend-request': {
    path: '/friend-request/:id',
    headerVariant: 'home',
    onboarded: true,
    title: 'friend-requests:titles.accept-friend-request',
    component: async () =>
      (await import('./components/accept-friend-request-screen.tsx')).AcceptFriendRequestScreen,
  },
});
