import {
  type ChatMessage,
  chatMessage,
  editMessageBody,
  type MessageReportBody,
  messageReportBody,
} from '@trostnetz/contracts/chat';
import { reportResponse } from '@trostnetz/contracts/safety';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentSocketId } from '../../../lib/realtime.ts';

const socketHeader = () => {
  const socketId = currentSocketId();
  return socketId ? { 'X-Socket-Id': socketId } : undefined;
};

/** PATCH /api/chat/messages/{id} {message}: my own message, within 15 minutes of sending it. */
export async function editMessage(id: number, message: string): Promise<ChatMessage> {
  return chatMessage.parse(
    await apiRequest<unknown>(`/api/chat/messages/${id}`, {
      method: 'PATCH',
      body: editMessageBody.parse({ message }),
      headers: socketHeader(),
    }),
  );
}

/** DELETE /api/chat/messages/{id}: my own message, at any time; the answer carries no text. */
export async function deleteMessage(id: number): Promise<ChatMessage> {
  return chatMessage.parse(
    await apiRequest<unknown>(`/api/chat/messages/${id}`, { method: 'DELETE', headers: socketHeader() }),
  );
}

/** POST /api/chat/messages/{id}/report {reason, details?} → 201 {id, status}. */
export async function reportMessage(id: number, body: MessageReportBody) {
  return reportResponse.parse(
    await apiRequest<unknown>(`/api/chat/messages/${id}/report`, {
      method: 'POST',
      body: messageReportBody.parse(body),
    }),
  );
}
