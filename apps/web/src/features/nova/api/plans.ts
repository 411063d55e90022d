import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminPlan } from '@trostnetz/contracts/admin';
import { checked } from '../../../lib/answer.ts';
import { staffRequest } from './staff-client.ts';

const all = ['nova', 'plans'] as const;

/** GET /api/admin/plans: active and retired plans. */
export const useAdminPlans = () =>
  useQuery({
    queryKey: all,
    queryFn: async (): Promise<AdminPlan[]> =>
      checked(staffRequest<unknown>('/api/admin/plans'), () =>
        import('@trostnetz/contracts/admin').then((c) => c.adminPlanList),
      ),
  });

/** POST /api/admin/plans, PATCH /api/admin/plans/{id} (price for new orders only), POST …/{id}/retire. */
export function usePlanAction<B>(method: 'POST' | 'PATCH', path: (body: B) => string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: B) => staffRequest<unknown>(path(body), { method, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: all }),
  });
}
