import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAppealList, APPEAL_STATUSES, AppealDecisionBody } from '@trostnetz/contracts/admin';
import { checked } from '../../../lib/answer.ts';
import { staffRequest } from './staff-client.ts';

const all = ['nova', 'appeals'] as const;

/** GET /api/admin/appeals?status=: each appeal with the decision it contests. */
export const useAppeals = (status: (typeof APPEAL_STATUSES)[number]) =>
  useQuery({
    queryKey: [...all, status],
    queryFn: async (): Promise<AdminAppealList> =>
      checked(staffRequest<unknown>('/api/admin/appeals', { query: { status } }), () =>
        import('@trostnetz/contracts/admin').then((c) => c.adminAppealList),
      ),
  });

/** POST /api/admin/appeals/{id}/decision: never by the moderator of the first decision (403). */
export function useDecideAppeal(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AppealDecisionBody) =>
      staffRequest<unknown>(`/api/admin/appeals/${id}/decision`, { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['nova'] }),
  });
}
