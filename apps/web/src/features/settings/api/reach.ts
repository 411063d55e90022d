import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ReachPrefs } from '@trostnetz/contracts/partners';
import { partnersApi } from '@trostnetz/contracts/partners.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/user/reach → who may reach me with a friend request; PUT with the same shape → saved. */
export const reachQuery = queryOptions({
  queryKey: ['settings', 'reach'],
  queryFn: async () =>
    checked(api<unknown>(partnersApi.reach), () =>
      import('@trostnetz/contracts/partners').then((c) => c.reachPrefs),
    ),
});

export const useReach = () => useQuery(reachQuery);

export function useSaveReach() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ReachPrefs) =>
      checked(api<unknown>(partnersApi.saveReach, { body }), () =>
        import('@trostnetz/contracts/partners').then((c) => c.reachPrefs),
      ),
    onSuccess: (saved) => client.setQueryData(reachQuery.queryKey, saved),
  });
}
