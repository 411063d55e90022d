import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type Comment, comment, type UpdateCommentBody } from '@trostnetz/contracts/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { groupKeys } from './keys.ts';

/** PATCH /api/comment/{id} {comment} → the comment (author, within 24 h). */
export async function updateComment(id: number, body: UpdateCommentBody): Promise<Comment> {
  return comment.parse(await apiRequest<unknown>(`/api/comment/${id}`, { method: 'PATCH', body }));
}

export function useUpdateComment(postId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: UpdateCommentBody }) => updateComment(id, body),
    onSuccess: () => void client.invalidateQueries({ queryKey: groupKeys.comments(postId) }),
  });
}
