import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSupportList } from '@trostnetz/contracts/admin';
import { adminOperationsApi } from '@trostnetz/contracts/admin.endpoints';
import { checked } from '../../../lib/answer.ts';
import { consoleApi } from '../../../lib/api-client.ts';

const all = ['nova', 'support'] as const;

/** GET /api/admin/support?status=: customer-service requests with their messages. */
export const useSupportInbox = (status: string) =>
  useQuery({
    queryKey: [...all, status],
    queryFn: async (): Promise<AdminSupportList> =>
      checked(consoleApi(adminOperationsApi.support, { query: { status } }), () =>
        import('@trostnetz/contracts/admin').then((c) => c.adminSupportList),
      ),
  });

const endpointOf = {
  assign: adminOperationsApi.assignSupport,
  answer: adminOperationsApi.answerSupport,
  close: adminOperationsApi.closeSupport,
} as const;

/** POST /api/admin/support/{ref}/{assign|answer|close}. */
export function useSupportAction(reference: string, action: 'assign' | 'answer' | 'close') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body?: { text: string }) =>
      consoleApi(endpointOf[action], { params: { ref: reference }, body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: all }),
  });
}
