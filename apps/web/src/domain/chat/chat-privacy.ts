import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatPrivacy } from '@trostnetz/contracts/chat';
import { checked } from '../../lib/answer.ts';
import { apiRequest } from '../../lib/api-client.ts';

/**
 * The member's chat signals (issue 13): GET / PUT /api/user/chat-privacy {read_receipts, typing}. The
 * chat reads `typing` (off: neither send nor show it); the server applies `read_receipts` both ways.
 */
export const chatPrivacyQuery = queryOptions({
  queryKey: ['chat', 'privacy'],
  queryFn: async () =>
    checked(apiRequest<unknown>('/api/user/chat-privacy'), () =>
      import('@trostnetz/contracts/chat').then((c) => c.chatPrivacy),
    ),
  staleTime: 5 * 60_000,
});

export const useChatPrivacy = (enabled = true) => useQuery({ ...chatPrivacyQuery, enabled });

export function useSaveChatPrivacy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ChatPrivacy) =>
      checked(apiRequest<unknown>('/api/user/chat-privacy', { method: 'PUT', body }), () =>
        import('@trostnetz/contracts/chat').then((c) => c.chatPrivacy),
      ),
    onSuccess: (saved) => client.setQueryData(chatPrivacyQuery.queryKey, saved),
  });
}
