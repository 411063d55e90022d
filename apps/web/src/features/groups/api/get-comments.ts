import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { CommentsPage } from '@trostnetz/contracts/groups';
import { groupsApi } from '@trostnetz/contracts/groups.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { groupKeys } from './keys.ts';

/** GET /api/post/{id}/comments?cursor=: oldest first, up to 200 a page, replies flat with parent_id. */
export async function getComments(postId: number, cursor: string | null): Promise<CommentsPage> {
  const search = cursor ? `?cursor=${encodeURIComponent(cursor)}` : undefined;
  return checked(api(groupsApi.comments, { params: { id: postId }, search }), () =>
    import('@trostnetz/contracts/groups').then((c) => c.commentsPage),
  );
}

export const commentsQuery = (postId: number) =>
  infiniteQueryOptions({
    queryKey: groupKeys.comments(postId),
    queryFn: ({ pageParam }) => getComments(postId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    refetchOnWindowFocus: false,
  });

export const useComments = (postId: number, enabled: boolean) =>
  useInfiniteQuery({ ...commentsQuery(postId), enabled });
