import { z } from 'zod';
import { cursorString, idString, textField } from './fields.ts';
import { vmsg } from './messages.ts';

export const MESSAGE_MAX = 4000;

/** SPEC.md §3 Chat message: id, user_id (sender), send_at, read_at (+ the text and the pair's chat id). */
export const chatMessage = z.object({
  id: z.number().int(),
  chat_id: z.number().int(),
  user_id: z.number().int(),
  recipient_id: z.number().int(),
  message: z.string(),
  client_id: z.string().nullable(),
  send_at: z.string(),
  read_at: z.string().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

export const sendMessageBody = z.object({
  message: textField(vmsg('required'))
    .trim()
    .min(1, vmsg('required'))
    .max(MESSAGE_MAX, vmsg('max', MESSAGE_MAX)),
  /** Chosen by the client per message, so that a retried send is stored once. */
  client_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, vmsg('invalid'))
    .optional(),
});
export type SendMessageBody = z.input<typeof sendMessageBody>;

export const partnerParam = z.object({ partner: idString });
export const readParams = z.object({ chat: idString, partner: idString });

/** Newest first; `before` pages back into history, `after` catches up after a reconnect. */
export const historyQuery = z.object({
  before: idString.optional(),
  after: cursorString.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
export const historyResponse = z.object({ messages: z.array(chatMessage), has_more: z.boolean() });

/** Map of message id to {send_at} for what was just marked read (SPEC.md §7). */
export const readResponse = z.record(z.string(), z.object({ send_at: z.string(), read_at: z.string() }));

/** Map of sender id to unread count, plus the total (SPEC.md §3 Unread state). */
export const unreadResponse = z.object({
  by_sender: z.record(z.string(), z.number().int()),
  total: z.number().int(),
});
export type UnreadState = z.infer<typeof unreadResponse>;

/**
 * Live: ChatMessageNew {message}. ChatMessagesRead goes to both: the sender learns which of their
 * messages were read, the reader's other tabs clear that partner's unread count.
 */
export const chatMessageEvent = z.object({ message: chatMessage });
export const messagesReadEvent = z.object({
  chat_id: z.number().int(),
  reader_id: z.number().int(),
  sender_id: z.number().int(),
  ids: z.array(z.number().int()),
  read_at: z.string(),
});
