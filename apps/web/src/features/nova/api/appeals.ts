import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAppealList, APPEAL_STATUSES, AppealDecisionBody } from '@trostnetz/contracts/admin';
import { adminModerationApi } from '@trostnetz/contracts/admin.endpoints';
import { checked } from '../../../lib/answer.ts';
import { consoleApi } from '../../../lib/api-client.ts';

const all = ['nova', 'appeals'] as const;

/** GET /api/admin/appeals?status=: each appeal with the decision it contests. */
export const useAppeals = (status: (typeof APPEAL_STATUSES)[number]) =>
  useQuery({
    queryKey: [...all, status],
    queryFn: async (): Promise<AdminAppealList> =>
      checked(consoleApi(adminModerationApi.appeals, { query: { status } }), () =>
        import('@trostnetz/contracts/admin').then((c) => c.adminAppealList),
      ),
  });

/** POST /api/admin/appeals/{id}/decision: never by the moderator of the first decision (403). */
export function useDecideAppeal(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AppealDecisionBody) =>
      consoleApi(adminModerationApi.decideAppeal, { params: { id }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['nova'] }),
  });
}
