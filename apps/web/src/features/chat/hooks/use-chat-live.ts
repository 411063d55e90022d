import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useMutedSync } from '../../../domain/chat/chat-mutes.ts';
import { useChatStore } from '../../../domain/chat/chat-store.ts';
import { markPartnerOnline } from '../../../domain/partners/partners.ts';
import { realtimeBus } from '../../../lib/realtime.ts';
import { useUnreadSync } from '../api/get-unread.ts';
import { markReadIfReading } from '../api/mark-read.ts';

/**
 * Mounted once for a signed-in, verified member (SPEC.md §4 Chat): unread counts from the server,
 * then live. A new message counts as unread for its sender; in the conversation being read it is
 * appended and marked read at once (in a hidden tab only once the page is shown again). ChatMessagesRead brings read marks of own messages, and reads from other tabs;
 * ChatMessageUpdated / ChatMessageDeleted replace the cached copy.
 */
export function useChatLive(me: number | null) {
  useUnreadSync(me !== null);
  useMutedSync(me !== null);
  const client = useQueryClient();
  useEffect(() => {
    if (me === null) return;
    useChatStore.getState().claim(me);
    const offNew = realtimeBus.on('ChatMessageNew', ({ message }) => {
      const store = useChatStore.getState();
      store.receive(message, me);
      if (message.user_id !== me) markPartnerOnline(client, message.user_id);
      if (message.user_id !== me) void markReadIfReading(message.user_id);
    });
    const offRead = realtimeBus.on('ChatMessagesRead', ({ reader_id, sender_id, ids, read_at }) => {
      const store = useChatStore.getState();
      if (reader_id === me) {
        // Read in another tab of this member: that partner has no unread messages any more.
        store.markRead(sender_id, ids, read_at);
        store.clearUnread(sender_id);
      } else store.markRead(reader_id, ids, read_at);
    });
    // Edited or deleted by its sender (the partner, or me in another tab): shown as it now is.
    const offUpdated = realtimeBus.on('ChatMessageUpdated', ({ message }) =>
      useChatStore.getState().change(message, me),
    );
    const offDeleted = realtimeBus.on('ChatMessageDeleted', ({ message }) =>
      useChatStore.getState().change(message, me),
    );
    return () => {
      offNew();
      offRead();
      offUpdated();
      offDeleted();
    };
  }, [me, client]);
}
