import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import type { Feed, FeedPage, FeedsResponse } from '@trostnetz/contracts/groups';
import { groupsApi } from '@trostnetz/contracts/groups.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/dashboard/feeds → the three feeds, each its newest three. */
export async function getFeeds(): Promise<FeedsResponse> {
  return checked(api(groupsApi.feeds), () =>
    import('@trostnetz/contracts/groups').then((c) => c.feedsResponse),
  );
}

/** GET /api/dashboard/feeds/{feed}?cursor= → one feed page by page ("Mehr"). */
export async function getFeedPage(feed: Feed, cursor: string | null): Promise<FeedPage> {
  const search = cursor ? `?cursor=${encodeURIComponent(cursor)}` : undefined;
  return checked(api(groupsApi.feed, { params: { feed }, search }), () =>
    import('@trostnetz/contracts/groups').then((c) => c.feedPage),
  );
}

// Under 'groups' too: changing the content-note preferences or a post refreshes the feeds.
export const feedsQuery = queryOptions({ queryKey: ['groups', 'feeds'], queryFn: getFeeds });

export const useFeeds = () => useQuery(feedsQuery);

export const feedPagesQuery = (feed: Feed) =>
  infiniteQueryOptions({
    queryKey: ['groups', 'feeds', feed],
    queryFn: ({ pageParam }) => getFeedPage(feed, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });

export const useFeedPages = (feed: Feed, enabled: boolean) =>
  useInfiniteQuery({ ...feedPagesQuery(feed), enabled });
