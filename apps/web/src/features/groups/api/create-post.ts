import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreatePostBody, Post } from '@trostnetz/contracts/groups';
import { groupsApi } from '@trostnetz/contracts/groups.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { track } from '../../../lib/track.ts';
import { groupKeys } from './keys.ts';

/** POST /api/post {group_id, title, message, content_notes} → 201 the post. */
export async function createPost(body: CreatePostBody): Promise<Post> {
  return checked(api(groupsApi.createPost, { body }), () =>
    import('@trostnetz/contracts/groups').then((c) => c.post),
  );
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
