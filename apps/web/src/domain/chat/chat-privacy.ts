import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChatPrivacy, chatPrivacy } from '@trostnetz/contracts/chat';
import { apiRequest } from '../../lib/api-client.ts';

/**
 * The member's chat signals (issue 13): GET / PUT /api/user/chat-privacy {read_receipts, typing}. The
 * chat reads `typing` (off: neither send nor show it); the server applies `read_receipts` both ways.
 */
export const chatPrivacyQuery = queryOptions({
  queryKey: ['chat', 'privacy'],
  queryFn: async () => chatPrivacy.parse(await apiRequest<unknown>('/api/user/chat-privacy')),
  staleTime: 5 * 60_000,
});

export const useChatPrivacy = (enabled = true) => useQuery({ ...chatPrivacyQuery, enabled });

export function useSaveChatPrivacy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ChatPrivacy) =>
      chatPrivacy.parse(await apiRequest<unknown>('/api/user/chat-privacy', { method: 'PUT', body })),
    onSuccess: (saved) => client.setQueryData(chatPrivacyQuery.queryKey, saved),
  });
}
