import { useMutation, useQueryClient } from '@tanstack/react-query';
import { safetyApi } from '@trostnetz/contracts/safety.endpoints';
import { blocklistQueryKey, reloadPartnerViews } from '../../../domain/friendship/friendship.ts';
import { api } from '../../../lib/api-client.ts';
import { track } from '../../../lib/track.ts';

/** DELETE /api/block/{id} (the entry's id) → 204: shown again. */
export async function unhideMember(entryId: number) {
  await api(safetyApi.unblock, { params: { id: entryId } });
}

export function useUnhideMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: unhideMember,
    onSuccess: () => {
      track('hidden_list_remove');
      void client.invalidateQueries({ queryKey: blocklistQueryKey });
      reloadPartnerViews(client);
    },
  });
}
