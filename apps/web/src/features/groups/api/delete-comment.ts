import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupsApi } from '@trostnetz/contracts/groups.endpoints';
import { api } from '../../../lib/api-client.ts';
import { groupKeys } from './keys.ts';

/** DELETE /api/comment/{id} → 204; with replies it stays as "gelöscht", without it disappears. */
export async function deleteComment(id: number): Promise<void> {
  await api(groupsApi.deleteComment, { params: { id } });
}

export function useDeleteComment(postId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteComment,
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: groupKeys.comments(postId) });
      void client.invalidateQueries({ queryKey: groupKeys.post(postId) });
    },
  });
}
