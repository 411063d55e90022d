import { useMutation, useQueryClient } from '@tanstack/react-query';
import { groupsApi } from '@trostnetz/contracts/groups.endpoints';
import { api } from '../../../lib/api-client.ts';
import { groupKeys } from './keys.ts';

/** DELETE /api/post/{id} → 204 (the author; the text is emptied, the thread stays readable). */
export async function deletePost(id: number): Promise<void> {
  await api(groupsApi.deletePost, { params: { id } });
}

export function useDeletePost(id: number, groupId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deletePost(id),
    onSuccess: () => {
      client.removeQueries({ queryKey: groupKeys.post(id) });
      void client.invalidateQueries({ queryKey: groupKeys.posts(groupId) });
    },
  });
}
