import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WatchlistEntry } from '@trostnetz/contracts/safety';
import { watchlistApi } from '@trostnetz/contracts/watchlist.endpoints';
import { checked } from '../../lib/answer.ts';
import { api } from '../../lib/api-client.ts';
import { track } from '../../lib/track.ts';
import { profileQueryKey, watchlistQueryKey } from '../friendship/friendship.ts';

/**
 * POST and DELETE /api/user/watchlist/{id} → the list. Shared by the partner profile (watch,
 * unwatch) and the watchlist screen (remove).
 */
export async function setWatched(id: number, watched: boolean): Promise<WatchlistEntry[]> {
  const raw = await api(watched ? watchlistApi.add : watchlistApi.remove, { params: { id } });
  return checked(raw, () => import('@trostnetz/contracts/safety').then((c) => c.watchlist));
}

export function useSetWatched() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, watched }: { id: number; watched: boolean }) => setWatched(id, watched),
    onSuccess: (list, { id, watched }) => {
      track(watched ? 'watchlist_add' : 'watchlist_remove');
      client.setQueryData(watchlistQueryKey, list);
      void client.invalidateQueries({ queryKey: profileQueryKey(id) });
    },
  });
}
