import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { chatApi } from '@trostnetz/contracts/chat.endpoints';
import type { MutedChats } from '@trostnetz/contracts/chat-mutes';
import { checked } from '../../lib/answer.ts';
import { api } from '../../lib/api-client.ts';
import { useChatStore } from './chat-store.ts';

const schemas = () => import('@trostnetz/contracts/chat-mutes');

/**
 * The conversations the member muted (GET /api/chat/muted), kept in the chat store too, so that the
 * navigation's and the title's count leave them out. A failure keeps what the store knew.
 */
export const mutedChatsQuery = queryOptions({
  queryKey: ['chat', 'muted'],
  queryFn: async (): Promise<MutedChats> => {
    try {
      const muted = await checked(api<unknown>(chatApi.muted), () =>
        schemas().then((c) => c.mutedChatsResponse),
      );
      useChatStore.getState().setMuted(muted.partners);
      return muted;
    } catch (error) {
      console.error('chat: loading muted conversations failed', error);
      return { partners: useChatStore.getState().muted };
    }
  },
  staleTime: 5 * 60_000,
});

/** Mounted with the unread counts (the app's frame): reads nothing, so it never re-renders the frame. */
export function useMutedSync(enabled: boolean) {
  useQuery({ ...mutedChatsQuery, enabled, notifyOnChangeProps: [] });
}

export const useIsMuted = (partnerId: number) => useChatStore((s) => s.muted.includes(partnerId));

/** PUT /api/chat/{partner}/mute: mutes or unmutes; the store follows the server's answer. */
export function useSetMuted(partnerId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (muted: boolean) =>
      checked(api<unknown>(chatApi.mute, { params: { partner: partnerId }, body: { muted } }), () =>
        schemas().then((c) => c.chatMuteResponse),
      ),
    onSuccess: (saved) => {
      const others = useChatStore.getState().muted.filter((id) => id !== saved.partner_id);
      const partners = saved.muted ? [...others, saved.partner_id] : others;
      useChatStore.getState().setMuted(partners);
      client.setQueryData(mutedChatsQuery.queryKey, { partners });
    },
  });
}
