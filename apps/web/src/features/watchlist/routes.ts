import { defineScreens } from '../../lib/screens.ts';

export const watchlistScreens = defineScreens({
  watchlist: {
    path: '/watchlist',
    headerVariant: 'home',
    onboarded: true,
    title: 'watchlist:titles.watchlist',
    component: async () => (await import('./components/watchlist-screen.tsx')).WatchlistScreen,
  },
});
