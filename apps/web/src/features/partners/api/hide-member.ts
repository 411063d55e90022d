import { useMutation, useQueryClient } from '@tanstack/react-query';
import { blockEntry } from '@trostnetz/contracts/safety';
import { blocklistQueryKey, reloadPartnerViews } from '../../../domain/friendship/friendship.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { track } from '../../../lib/track.ts';

/** POST /api/block {userId} → 201 entry. The hidden member is never told. */
export async function hideMember(userId: number) {
  return blockEntry.parse(await apiRequest<unknown>('/api/block', { method: 'POST', body: { userId } }));
}

export function useHideMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: hideMember,
    onSuccess: () => {
      track('hidden_list_add');
      reloadPartnerViews(client);
      void client.invalidateQueries({ queryKey: blocklistQueryKey });
    },
  });
}
