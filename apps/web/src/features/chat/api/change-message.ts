import {
  type ChatMessage,
  editMessageBody,
  type MessageReportBody,
  messageReportBody,
} from '@trostnetz/contracts/chat';
import { chatApi } from '@trostnetz/contracts/chat.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { currentSocketId } from '../../../lib/realtime.ts';

const socketHeader = () => {
  const socketId = currentSocketId();
  return socketId ? { 'X-Socket-Id': socketId } : undefined;
};

/** PATCH /api/chat/messages/{id} {message}: my own message, within 15 minutes of sending it. */
export async function editMessage(id: number, message: string): Promise<ChatMessage> {
  return checked(
    api(chatApi.change, {
      params: { id },
      body: editMessageBody.parse({ message }),
      headers: socketHeader(),
    }),
    () => import('@trostnetz/contracts/chat').then((c) => c.chatMessage),
  );
}

/** DELETE /api/chat/messages/{id}: my own message, at any time; the answer carries no text. */
export async function deleteMessage(id: number): Promise<ChatMessage> {
  return checked(api(chatApi.remove, { params: { id }, headers: socketHeader() }), () =>
    import('@trostnetz/contracts/chat').then((c) => c.chatMessage),
  );
}

/** POST /api/chat/messages/{id}/report {reason, details?} → 201 {id, status}. */
export async function reportMessage(id: number, body: MessageReportBody) {
  return checked(api(chatApi.report, { params: { id }, body: messageReportBody.parse(body) }), () =>
    import('@trostnetz/contracts/safety').then((c) => c.reportResponse),
  );
}
