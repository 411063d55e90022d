import { readResponse } from '@trostnetz/contracts/chat';
import { apiRequest } from '../../../lib/api-client.ts';
import { useChatStore } from '../../../lib/storage/chat-store.ts';

/**
 * POST /api/chat/messages/{chat}/{partner}/read. The partner's unread count is cleared at once (the
 * member sees the messages); a failure is only logged (SPEC.md §8).
 */
export async function markRead(chatId: number, partnerId: number): Promise<void> {
  const store = useChatStore.getState();
  store.clearUnread(partnerId);
  try {
    const read = readResponse.parse(
      await apiRequest<unknown>(`/api/chat/messages/${chatId}/${partnerId}/read`, { method: 'POST' }),
    );
    for (const [id, { read_at }] of Object.entries(read)) {
      useChatStore.getState().markRead(partnerId, [Number(id)], read_at);
    }
  } catch (error) {
    console.error('chat: marking messages read failed', error);
  }
}
