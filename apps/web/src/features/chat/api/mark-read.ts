import { chatApi } from '@trostnetz/contracts/chat.endpoints';
import { useChatStore } from '../../../domain/chat/chat-store.ts';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { pageVisible } from '../../../lib/page-visibility.ts';

/**
 * The conversation the member is reading right now: on screen in a page they can see. The one rule
 * for every read call (issue 9 item 14): a tick says "read" only when someone could have read it.
 */
export function readingNow(): { chatId: number; partnerId: number } | null {
  const { chatId, partnerId } = useChatStore.getState();
  return chatId !== null && partnerId !== null && pageVisible() ? { chatId, partnerId } : null;
}

/**
 * Marks the partner's messages read if their conversation is being read and something of theirs is
 * still unread (an unread count, or a cached message without a read mark).
 */
export async function markReadIfReading(partnerId: number): Promise<void> {
  const reading = readingNow();
  if (reading?.partnerId !== partnerId) return;
  const state = useChatStore.getState();
  const key = String(partnerId);
  const unseen = (state.messages[key] ?? []).some((m) => m.user_id === partnerId && !m.read_at);
  if (unseen || (state.unread[key] ?? 0) > 0) await markRead(reading.chatId, partnerId);
}

/**
 * POST /api/chat/messages/{chat}/{partner}/read. The partner's unread count is cleared at once (the
 * member sees the messages); a failure is only logged (SPEC.md §8).
 */
async function markRead(chatId: number, partnerId: number): Promise<void> {
  const store = useChatStore.getState();
  store.clearUnread(partnerId);
  try {
    const read = await checked(api(chatApi.markRead, { params: { chat: chatId, partner: partnerId } }), () =>
      import('@trostnetz/contracts/chat').then((c) => c.readResponse),
    );
    for (const [id, { read_at }] of Object.entries(read)) {
      useChatStore.getState().markRead(partnerId, [Number(id)], read_at);
    }
  } catch (error) {
    console.error('chat: marking messages read failed', error);
  }
}
