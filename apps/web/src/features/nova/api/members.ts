import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AdminMemberDetail, AdminMembersPage } from '@trostnetz/contracts/admin';
import { adminMembersApi } from '@trostnetz/contracts/admin.endpoints';
import type { Endpoint } from '@trostnetz/contracts/endpoint';
import { checked } from '../../../lib/answer.ts';
import { consoleApi } from '../../../lib/api-client.ts';

const keys = {
  search: (q: string) => ['nova', 'members', 'search', q] as const,
  one: (id: number) => ['nova', 'members', 'one', id] as const,
};

/** GET /api/admin/members?q=&cursor=: by e-mail, nickname or id. */
export const membersQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: keys.search(q),
    queryFn: async ({ pageParam }): Promise<AdminMembersPage> =>
      checked(consoleApi(adminMembersApi.search, { query: { q, cursor: pageParam } }), () =>
        import('@trostnetz/contracts/admin').then((c) => c.adminMembersPage),
      ),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
  });

export const useMembers = (q: string) => useInfiniteQuery(membersQuery(q));

/** GET /api/admin/members/{id}: account state, sessions, reports by and about, notes, suspensions, notices. */
export const useMember = (id: number) =>
  useQuery({
    queryKey: keys.one(id),
    queryFn: async (): Promise<AdminMemberDetail> =>
      checked(consoleApi(adminMembersApi.one, { params: { id } }), () =>
        import('@trostnetz/contracts/admin').then((c) => c.adminMemberDetail),
      ),
  });

/** One action on a member's account (an entry of `adminMembersApi`); the page reloads after it. */
export function useMemberAction<B>(id: number, endpoint: Endpoint) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => consoleApi(endpoint, { params: { id }, body: body ?? undefined }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['nova', 'members'] }),
  });
}
