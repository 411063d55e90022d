import { defineScreens } from '../../lib/screens.ts';

/** A member's statements of reasons (DSA Art. 17) and the way to contest them (Art. 20), issue 16. */
export const moderationScreens = defineScreens({
  notices: {
    path: '/notices',
    title: 'moderation:titles.notices',
    headerVariant: 'settings',
    component: async () => (await import('./components/notices-screen.tsx')).NoticesScreen,
  },
  /** The signed link of a statement-of-reasons mail: no sign-in, so a suspended member can contest. */
  'notice-appeal': {
    path: '/notices/:id/appeal',
    guest: true,
    notTracked: true,
    scrollToTop: true,
    title: 'moderation:titles.notice-appeal',
    component: async () => (await import('./components/linked-notice-screen.tsx')).LinkedNoticeScreen,
  },
  notice: {
    path: '/notices/:id',
    title: 'moderation:titles.notice',
    headerVariant: 'settings',
    scrollToTop: true,
    component: async () => (await import('./components/notice-screen.tsx')).NoticeScreen,
  },
});
