import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type CreatePostBody, type Post, post } from '@trostnetz/contracts/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { track } from '../../../lib/track.ts';
import { groupKeys } from './keys.ts';

/** POST /api/post {group_id, title, message, content_notes} → 201 the post. */
export async function createPost(body: CreatePostBody): Promise<Post> {
  return post.parse(await apiRequest<unknown>('/api/post', { method: 'POST', body }));
}

export function useCreatePost() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createPost,
    onSuccess: (created) => {
      track('group_post_published');
      void client.invalidateQueries({ queryKey: groupKeys.posts(created.group_id) });
    },
  });
}
