import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCategory, AdminGroup } from '@trostnetz/contracts/admin';
import { checked } from '../../../lib/answer.ts';
import { staffRequest } from './staff-client.ts';

const all = ['nova', 'groups'] as const;

/** GET /api/admin/groups and /api/admin/group-categories: archived ones too, in their order. */
export const useAdminGroups = () =>
  useQuery({
    queryKey: [...all, 'groups'],
    queryFn: async (): Promise<AdminGroup[]> =>
      checked(staffRequest<unknown>('/api/admin/groups'), () =>
        import('@trostnetz/contracts/admin').then((c) => c.adminGroupList),
      ),
  });
export const useAdminCategories = () =>
  useQuery({
    queryKey: [...all, 'categories'],
    queryFn: async (): Promise<AdminCategory[]> =>
      checked(staffRequest<unknown>('/api/admin/group-categories'), () =>
        import('@trostnetz/contracts/admin').then((c) => c.adminCategoryList),
      ),
  });

type Resource = 'groups' | 'group-categories';

/** POST /api/admin/{groups|group-categories}: a new one. */
export function useCreate<B>(resource: Resource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => staffRequest<unknown>(`/api/admin/${resource}`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: all }),
  });
}

/** PATCH /api/admin/{groups|group-categories}/{id}: rename, order, archive. */
export function useChange<B>(resource: Resource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: B }) =>
      staffRequest<unknown>(`/api/admin/${resource}/${id}`, { method: 'PATCH', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: all }),
  });
}
