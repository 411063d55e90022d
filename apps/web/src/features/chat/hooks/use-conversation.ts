import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Partner } from '@trostnetz/contracts/partners';
import { useCallback, useEffect, useState } from 'react';
import { type PendingMessage, useChatStore } from '../../../domain/chat/chat-store.ts';
import { reloadPartnerViews } from '../../../domain/friendship/friendship.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { onPageShown } from '../../../lib/page-visibility.ts';
import { track } from '../../../lib/track.ts';
import { markReadIfReading } from '../api/mark-read.ts';
import { newClientId, sendMessage } from '../api/send-message.ts';
import { conversationKey, loadOlder, syncConversation } from '../api/sync-conversation.ts';

const EMPTY: never[] = [];

/**
 * One open conversation (SPEC.md §4 Chat): entering sets the ids, syncs and marks read (while the
 * page is visible); leaving clears the ids. Sends are optimistic; a failed one stays visible with a retry that reuses its
 * client_id, so it is stored once (SPEC.md §8: the failure itself is only logged). One that was on its way
 * when the page reloaded has no words left to retry with (chat_storage keeps none): it says it was not sent.
 */
export function useConversation(partner: Partner) {
  const client = useQueryClient();
  const partnerId = partner.id;
  const key = String(partnerId);
  const messages = useChatStore((s) => s.messages[key] ?? EMPTY);
  const pending = useChatStore((s) => s.pending[key] ?? EMPTY);
  const hasMore = useChatStore((s) => s.hasMore[key] ?? false);
  const [loadingOlder, setLoadingOlder] = useState(false);

  useEffect(() => {
    useChatStore.getState().enter(partner.chat_id, partnerId);
    // Read in a hidden tab, the messages are marked read once the member sees the page again.
    const stop = onPageShown(() => void markReadIfReading(partnerId));
    return () => {
      stop();
      useChatStore.getState().leave();
    };
  }, [partner.chat_id, partnerId]);

  const sync = useQuery({
    queryKey: conversationKey(partnerId),
    queryFn: () => syncConversation(partnerId),
    staleTime: 0,
    gcTime: 0,
  });

  const deliver = useCallback(
    async (item: Pick<PendingMessage, 'client_id' | 'message'>) => {
      const store = useChatStore.getState();
      store.setPendingStatus(partnerId, item.client_id, 'sending');
      try {
        const stored = await sendMessage(partnerId, { message: item.message, client_id: item.client_id });
        useChatStore.getState().merge(partnerId, [stored]);
        track('chat_message_sent');
      } catch (error) {
        console.error('chat: sending failed', error);
        useChatStore.getState().setPendingStatus(partnerId, item.client_id, 'failed');
        // No longer friends: the reloaded partner views turn the chat read-only.
        if (isApiError(error) && error.code === 'chat_closed') reloadPartnerViews(client);
      }
    },
    [client, partnerId],
  );

  const send = useCallback(
    (text: string) => {
      const message = text.trim();
      if (!message) return;
      const item: PendingMessage = {
        client_id: newClientId(),
        message,
        send_at: new Date().toISOString(),
        status: 'sending',
      };
      useChatStore.getState().addPending(partnerId, item);
      void deliver(item);
    },
    [deliver, partnerId],
  );

  const older = useCallback(async () => {
    if (loadingOlder) return;
    setLoadingOlder(true);
    try {
      await loadOlder(partnerId);
    } catch (error) {
      console.error('chat: loading older messages failed', error);
    } finally {
      setLoadingOlder(false);
    }
  }, [loadingOlder, partnerId]);

  /** A message lost in a reload, once the member has read that it was not sent. */
  const dismiss = useCallback(
    (item: Pick<PendingMessage, 'client_id'>) =>
      useChatStore.getState().dropPending(partnerId, item.client_id),
    [partnerId],
  );

  const turns = sync.data ?? EMPTY;
  return { messages, pending, hasMore, turns, sync, send, retry: deliver, dismiss, older, loadingOlder };
}
