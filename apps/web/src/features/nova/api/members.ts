import {
  infiniteQueryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import type { AdminMemberDetail, AdminMembersPage } from '@trostnetz/contracts/admin';
import { checked } from '../../../lib/answer.ts';
import { staffRequest } from './staff-client.ts';

const keys = {
  search: (q: string) => ['nova', 'members', 'search', q] as const,
  one: (id: number) => ['nova', 'members', 'one', id] as const,
};

/** GET /api/admin/members?q=&cursor=: by e-mail, nickname or id. */
export const membersQuery = (q: string) =>
  infiniteQueryOptions({
    queryKey: keys.search(q),
    queryFn: async ({ pageParam }): Promise<AdminMembersPage> =>
      checked(staffRequest<unknown>('/api/admin/members', { query: { q, cursor: pageParam } }), () =>
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
      checked(staffRequest<unknown>(`/api/admin/members/${id}`), () =>
        import('@trostnetz/contracts/admin').then((c) => c.adminMemberDetail),
      ),
  });

type Method = 'POST' | 'PUT' | 'DELETE';

/** One action on a member's account (`/api/admin/members/{id}/…`); the page reloads after it. */
export function useMemberAction<B>(id: number, method: Method, path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) =>
      staffRequest<unknown>(`/api/admin/members/${id}${path}`, { method, body: body ?? undefined }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['nova', 'members'] }),
  });
}
