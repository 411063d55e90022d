import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPlan } from '@trostnetz/contracts/admin';
import { adminOperationsApi } from '@trostnetz/contracts/admin.endpoints';
import type { Endpoint } from '@trostnetz/contracts/endpoint';
import { checked } from '../../../lib/answer.ts';
import { consoleApi } from '../../../lib/api-client.ts';

const all = ['nova', 'plans'] as const;

/** GET /api/admin/plans: active and retired plans. */
export const useAdminPlans = () =>
  useQuery({
    queryKey: all,
    queryFn: async (): Promise<AdminPlan[]> =>
      checked(consoleApi(adminOperationsApi.plans), () =>
        import('@trostnetz/contracts/admin').then((c) => c.adminPlanList),
      ),
  });

/** POST /api/admin/plans, PATCH /api/admin/plans/{id} (price for new orders only), POST …/{id}/retire. */
export function usePlanAction<B>(endpoint: Endpoint, params?: (body: B) => Record<string, string>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => consoleApi(endpoint, { params: params?.(body), body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: all }),
  });
}
