import { defineScreens } from '../../lib/screens.ts';

export const chatScreens = defineScreens({
  chat: {
    path: '/chat',
    scrollToTop: true,
    headerVariant: 'chat',
    onboarded: true,
    title: 'chat:titles.chat',
    component: async () => (await import('./components/chat-screen.tsx')).ChatScreen,
  },
  'chat-with': {
    path: '/chat/:id',
    headerVariant: 'chat',
    onboarded: true,
    title: 'chat:titles.chat-with',
    component: async () => (await import('./components/chat-with-screen.tsx')).ChatWithScreen,
  },
});
