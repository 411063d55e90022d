import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LinkedAppealBody, LinkedNotice } from '@trostnetz/contracts/moderation';
import { moderationApi } from '@trostnetz/contracts/moderation.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

/**
 * The signed link of a statement-of-reasons mail, no sign-in (issue 16, DSA Art. 20): `search` is the
 * link's query as it came (member, end of the appeal window, signature), passed on unchanged.
 */
const key = (id: number, search: string) => ['moderation', 'notice-link', id, search] as const;

/** GET /api/moderation/notice-links/{id}?u=&e=&s=: that one notice (403 invalid_link, 410 link_expired). */
export const useLinkedNotice = (id: number, search: string) =>
  useQuery({
    queryKey: key(id, search),
    queryFn: async (): Promise<LinkedNotice> =>
      checked(api(moderationApi.noticeLink, { params: { id }, search }), () =>
        import('@trostnetz/contracts/moderation').then((c) => c.linkedNotice),
      ),
  });

/** POST /api/moderation/notice-links/{id}/appeal?u=&e=&s=: once, within the appeal window. */
export function useSendLinkedAppeal(id: number, search: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LinkedAppealBody) =>
      api(moderationApi.noticeLinkAppeal, { params: { id }, body, search }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key(id, search) }),
  });
}
