import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Comment, CreateCommentBody } from '@trostnetz/contracts/groups';
import { groupsApi } from '@trostnetz/contracts/groups.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { track } from '../../../lib/track.ts';
import { groupKeys } from './keys.ts';

/** POST /api/post/{id}/comments {comment, parent_id?} → 201 the comment. */
export async function createComment(postId: number, body: CreateCommentBody): Promise<Comment> {
  return checked(api(groupsApi.createComment, { params: { id: postId }, body }), () =>
    import('@trostnetz/contracts/groups').then((c) => c.comment),
  );
}

export function useCreateComment(postId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateCommentBody) => createComment(postId, body),
    onSuccess: () => {
      track('group_comment_published');
      void client.invalidateQueries({ queryKey: groupKeys.comments(postId) });
      void client.invalidateQueries({ queryKey: groupKeys.post(postId) });
    },
  });
}
