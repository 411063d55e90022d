import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminSupportList } from '@trostnetz/contracts/admin';
import { checked } from '../../../lib/answer.ts';
import { staffRequest } from './staff-client.ts';

const all = ['nova', 'support'] as const;

/** GET /api/admin/support?status=: customer-service requests with their messages. */
export const useSupportInbox = (status: string) =>
  useQuery({
    queryKey: [...all, status],
    queryFn: async (): Promise<AdminSupportList> =>
      checked(staffRequest<unknown>('/api/admin/support', { query: { status } }), () =>
        import('@trostnetz/contracts/admin').then((c) => c.adminSupportList),
      ),
  });

/** POST /api/admin/support/{ref}/{assign|answer|close}. */
export function useSupportAction(reference: string, action: 'assign' | 'answer' | 'close') {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body?: { text: string }) =>
      staffRequest<unknown>(`/api/admin/support/${encodeURIComponent(reference)}/${action}`, {
        method: 'POST',
        body,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: all }),
  });
}
