import { useMutation, useQueryClient } from '@tanstack/react-query';
import { safetyApi } from '@trostnetz/contracts/safety.endpoints';
import { blocklistQueryKey, reloadPartnerViews } from '../../../domain/friendship/friendship.ts';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { track } from '../../../lib/track.ts';

/** POST /api/block {userId} → 201 entry. The hidden member is never told. */
export async function hideMember(userId: number) {
  return checked(api(safetyApi.block, { body: { userId } }), () =>
    import('@trostnetz/contracts/safety').then((c) => c.blockEntry),
  );
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
