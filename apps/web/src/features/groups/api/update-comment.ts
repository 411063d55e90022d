import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, UpdateCommentBody } from '@trostnetz/contracts/groups';
import { groupsApi } from '@trostnetz/contracts/groups.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { groupKeys } from './keys.ts';

/** PATCH /api/comment/{id} {comment} → the comment (author, within 24 h). */
export async function updateComment(id: number, body: UpdateCommentBody): Promise<Comment> {
  return checked(api(groupsApi.updateComment, { params: { id }, body }), () =>
    import('@trostnetz/contracts/groups').then((c) => c.comment),
  );
}

export function useUpdateComment(postId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateCommentBody }) => updateComment(id, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: groupKeys.comments(postId) }),
  });
}
