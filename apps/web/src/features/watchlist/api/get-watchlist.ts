import { queryOptions, useQuery } from '@tanstack/react-query';
import type { WatchlistEntry } from '@trostnetz/contracts/safety';
import { watchlistApi } from '@trostnetz/contracts/watchlist.endpoints';
import { watchlistQueryKey } from '../../../domain/friendship/friendship.ts';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/user/watchlist. */
export async function getWatchlist(): Promise<WatchlistEntry[]> {
  return checked(api(watchlistApi.list), () =>
    import('@trostnetz/contracts/safety').then((c) => c.watchlist),
  );
}

export const watchlistQuery = queryOptions({ queryKey: watchlistQueryKey, queryFn: getWatchlist });

export const useWatchlist = () => useQuery(watchlistQuery);
