import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { PostsPage } from '@trostnetz/contracts/groups';
import { groupsApi } from '@trostnetz/contracts/groups.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { groupKeys } from './keys.ts';

/** GET /api/group/{id}/posts?cursor=: newest first, 20 a page. */
export async function getPosts(groupId: number, cursor: string | null): Promise<PostsPage> {
  const search = cursor ? `?cursor=${encodeURIComponent(cursor)}` : undefined;
  return checked(api(groupsApi.posts, { params: { id: groupId }, search }), () =>
    import('@trostnetz/contracts/groups').then((c) => c.postsPage),
  );
}

export const postsQuery = (groupId: number) =>
  infiniteQueryOptions({
    queryKey: groupKeys.posts(groupId),
    queryFn: ({ pageParam }) => getPosts(groupId, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // Refetching would move what the member is reading; new posts arrive as the banner instead.
    refetchOnWindowFocus: false,
  });

export const usePosts = (groupId: number, enabled: boolean) =>
  useInfiniteQuery({ ...postsQuery(groupId), enabled });
