import { defineScreens } from '../../lib/screens.ts';

/** A member's statements of reasons (DSA Art. 17) and the way to contest them (Art. 20), issue 16. */
export const moderationScreens = defineScreens({
  notices: {
    path: '/notices',
    title: 'moderation:titles.notices',
    headerVariant: 'settings',
    component: async () => (await import('./components/notices-screen.tsx')).NoticesScreen,
  },
  notice: {
    path: '/notices/:id',
    title: 'moderation:titles.notice',
    headerVariant: 'settings',
    scrollToTop: true,
    component: async () => (await import('./components/notice-screen.tsx')).NoticeScreen,
  },
});
