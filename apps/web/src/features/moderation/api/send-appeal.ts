import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LinkedAppealBody } from '@trostnetz/contracts/moderation';
import { moderationApi } from '@trostnetz/contracts/moderation.endpoints';
import { api } from '../../../lib/api-client.ts';
import { noticesKey } from './get-notices.ts';

/** POST /api/moderation/appeals: once per notice, within six months of it. */
export function useSendAppeal(noticeId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LinkedAppealBody) =>
      api(moderationApi.appeal, { body: { notice_id: noticeId, ...body } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: noticesKey }),
  });
}
