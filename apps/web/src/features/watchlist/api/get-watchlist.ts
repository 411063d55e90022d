import { queryOptions, useQuery } from '@tanstack/react-query';
import { type WatchlistEntry, watchlist } from '@trostnetz/contracts/safety';
import { watchlistQueryKey } from '../../../domain/friendship/friendship.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/user/watchlist. */
export async function getWatchlist(): Promise<WatchlistEntry[]> {
  return watchlist.parse(await apiRequest<unknown>('/api/user/watchlist'));
}

export const watchlistQuery = queryOptions({ queryKey: watchlistQueryKey, queryFn: getWatchlist });

export const useWatchlist = () => useQuery(watchlistQuery);
