import type { ChatMessage } from '@trostnetz/contracts/chat';
import type { MessageRow } from '../../db/schema/chat.ts';

export const presentMessage = (m: MessageRow): ChatMessage => ({
  id: m.id,
  chat_id: m.chatId,
  user_id: m.senderId,
  recipient_id: m.recipientId,
  message: m.body,
  client_id: m.clientId,
  send_at: m.sendAt.toISOString(),
  read_at: m.readAt?.toISOString() ?? null,
});
