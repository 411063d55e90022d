import { del, get, post } from './endpoint.ts';

/** Members the member keeps an eye on. */
export const watchlistApi = {
  list: get('/api/user/watchlist'),
  add: post('/api/user/watchlist/:id'),
  remove: del('/api/user/watchlist/:id'),
} as const;
