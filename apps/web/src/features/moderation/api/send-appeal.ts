import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AppealBody } from '@trostnetz/contracts/moderation';
import { apiRequest } from '../../../lib/api-client.ts';
import { noticesKey } from './get-notices.ts';

/** POST /api/moderation/appeals: once per notice, within six months of it. */
export function useSendAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AppealBody) =>
      apiRequest<unknown>('/api/moderation/appeals', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticesKey }),
  });
}
