import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Post, UpdatePostBody } from '@trostnetz/contracts/groups';
import { groupsApi } from '@trostnetz/contracts/groups.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { groupKeys } from './keys.ts';

/** PATCH /api/post/{id} {title?, message?, content_notes?} → the post (author, within 24 h). */
export async function updatePost(id: number, body: UpdatePostBody): Promise<Post> {
  return checked(api(groupsApi.updatePost, { params: { id }, body }), () =>
    import('@trostnetz/contracts/groups').then((c) => c.post),
  );
}

export function useUpdatePost(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: UpdatePostBody) => updatePost(id, body),
    onSuccess: (updated) => {
      client.setQueryData(groupKeys.post(id), updated);
      void client.invalidateQueries({ queryKey: groupKeys.posts(updated.group_id) });
    },
  });
}
