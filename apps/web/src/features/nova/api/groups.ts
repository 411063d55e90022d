import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminCategory, AdminGroup } from '@trostnetz/contracts/admin';
import { adminOperationsApi } from '@trostnetz/contracts/admin.endpoints';
import { checked } from '../../../lib/answer.ts';
import { consoleApi } from '../../../lib/api-client.ts';

const all = ['nova', 'groups'] as const;

/** GET /api/admin/groups and /api/admin/group-categories: archived ones too, in their order. */
export const useAdminGroups = () =>
  useQuery({
    queryKey: [...all, 'groups'],
    queryFn: async (): Promise<AdminGroup[]> =>
      checked(consoleApi(adminOperationsApi.groups), () =>
        import('@trostnetz/contracts/admin').then((c) => c.adminGroupList),
      ),
  });
export const useAdminCategories = () =>
  useQuery({
    queryKey: [...all, 'categories'],
    queryFn: async (): Promise<AdminCategory[]> =>
      checked(consoleApi(adminOperationsApi.groupCategories), () =>
        import('@trostnetz/contracts/admin').then((c) => c.adminCategoryList),
      ),
  });

type Resource = 'groups' | 'group-categories';
const endpointsOf = {
  groups: { create: adminOperationsApi.createGroup, change: adminOperationsApi.updateGroup },
  'group-categories': {
    create: adminOperationsApi.createGroupCategory,
    change: adminOperationsApi.updateGroupCategory,
  },
} as const;

/** POST /api/admin/{groups|group-categories}: a new one. */
export function useCreate<B>(resource: Resource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => consoleApi(endpointsOf[resource].create, { body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: all }),
  });
}

/** PATCH /api/admin/{groups|group-categories}/{id}: rename, order, archive. */
export function useChange<B>(resource: Resource) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: B }) =>
      consoleApi(endpointsOf[resource].change, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: all }),
  });
}
