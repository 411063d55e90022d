import type { ChatMessage } from '@trostnetz/contracts/chat';
import { chatApi } from '@trostnetz/contracts/chat.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { currentSocketId } from '../../../lib/realtime.ts';

/**
 * POST /api/chat/{partner}/send. The client_id makes a retry store the message once; X-Socket-Id
 * keeps the server from echoing it to this tab (the member's other tabs do get it).
 */
export async function sendMessage(
  partnerId: number,
  body: { message: string; client_id: string },
): Promise<ChatMessage> {
  const socketId = currentSocketId();
  return checked(
    api(chatApi.send, {
      params: { partner: partnerId },
      body,
      headers: socketId ? { 'X-Socket-Id': socketId } : undefined,
    }),
    () => import('@trostnetz/contracts/chat').then((c) => c.chatMessage),
  );
}

/** 8–64 of [A-Za-z0-9_-], one per message. */
export function newClientId(): string {
  return crypto.randomUUID().replaceAll('-', '');
}
