import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChatPrivacy } from '@trostnetz/contracts/chat';
import { chatApi } from '@trostnetz/contracts/chat.endpoints';
import { checked } from '../../lib/answer.ts';
import { api } from '../../lib/api-client.ts';

/**
 * The member's chat signals (issue 13): GET / PUT /api/user/chat-privacy {read_receipts, typing}. The
 * chat reads `typing` (off: neither send nor show it); the server applies `read_receipts` both ways.
 */
export const chatPrivacyQuery = queryOptions({
  queryKey: ['chat', 'privacy'],
  queryFn: async () =>
    checked(api(chatApi.privacy), () => import('@trostnetz/contracts/chat').then((c) => c.chatPrivacy)),
  staleTime: 5 * 60_000,
});

export const useChatPrivacy = (enabled = true) => useQuery({ ...chatPrivacyQuery, enabled });

export function useSaveChatPrivacy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: ChatPrivacy) =>
      checked(api(chatApi.savePrivacy, { body }), () =>
        import('@trostnetz/contracts/chat').then((c) => c.chatPrivacy),
      ),
    onSuccess: (saved) => client.setQueryData(chatPrivacyQuery.queryKey, saved),
  });
}
