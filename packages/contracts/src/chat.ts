import { z } from 'zod';
import { cursorString, idString, textField } from './fields.ts';
import { contentReportBody } from './groups.ts';
import { vmsg } from './messages.ts';

export const MESSAGE_MAX = 4000;
/** A member may correct their own message for this long after sending it (issue 13); deleting works always. */
export const MESSAGE_EDIT_MINUTES = 15;
/** A message report carries the reported message and up to this many before it in the conversation. */
export const REPORT_CONTEXT_MESSAGES = 5;

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
  /** When the sender last corrected it ("bearbeitet"); null if never. */
  edited_at: z.string().nullable(),
  /** When the sender deleted it; its text is then gone (`message` is empty), "Nachricht gelöscht". */
  deleted_at: z.string().nullable(),
  /** Removed by moderation (issue 16): the recipient gets `message: ''` ("entfernt"), the sender keeps the text. */
  removed_at: z.string().nullable(),
  /** For the sender of a removed message only: the statement of reasons (`/notices/{id}`). */
  notice_id: z.number().int().nullable(),
});
export type ChatMessage = z.infer<typeof chatMessage>;

const messageText = textField(vmsg('required'))
  .trim()
  .min(1, vmsg('required'))
  .max(MESSAGE_MAX, vmsg('max', MESSAGE_MAX));

export const sendMessageBody = z.object({
  message: messageText,
  /** Chosen by the client per message, so that a retried send is stored once. */
  client_id: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/, vmsg('invalid'))
    .optional(),
});
export type SendMessageBody = z.input<typeof sendMessageBody>;

/** PATCH /api/chat/messages/{id}: the corrected text (own message, within MESSAGE_EDIT_MINUTES). */
export const editMessageBody = z.strictObject({ message: messageText });
export type EditMessageBody = z.input<typeof editMessageBody>;
export const messageIdParam = z.object({ id: idString });

/** POST /api/chat/messages/{id}/report: a reason (safety.ts reportReasons) and optional details. */
export const messageReportBody = contentReportBody;
export type MessageReportBody = z.input<typeof messageReportBody>;

/**
 * A member's chat signals (issue 13): with read receipts off, the partner does not see my reads and I
 * do not see theirs; with typing off, my app neither sends nor shows the typing signal.
 */
export const chatPrivacy = z.strictObject({
  read_receipts: z.boolean({ error: vmsg('invalid') }),
  typing: z.boolean({ error: vmsg('invalid') }),
});
export type ChatPrivacy = z.infer<typeof chatPrivacy>;

export const partnerParam = z.object({ partner: idString });
export const readParams = z.object({ chat: idString, partner: idString });

/** Newest first; `before` pages back into history, `after` catches up after a reconnect. */
export const historyQuery = z.object({
  before: idString.optional(),
  after: cursorString.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(30),
});
/** Words written when the friendship began (accept) or ended (remove), kept in the pair's history. */
export const chatTurn = z.object({
  id: z.number().int(),
  /** Who wrote them. */
  user_id: z.number().int(),
  action: z.enum(['accept', 'remove']),
  message: z.string(),
  at: z.string(),
});
export type ChatTurn = z.infer<typeof chatTurn>;
/** `turns`: all of the pair's, oldest first (a handful), on every page; the client places them by time. */
export const historyResponse = z.object({
  messages: z.array(chatMessage),
  has_more: z.boolean(),
  turns: z.array(chatTurn),
});

/** Map of message id to {send_at} for what was just marked read (SPEC.md §7). */
export const readResponse = z.record(z.string(), z.object({ send_at: z.string(), read_at: z.string() }));

/**
 * `GET /api/chat/unreadByChat`: the bare map of sender id to unread count (SPEC.md §7); senders with
 * nothing unread are left out. The total of SPEC.md §3's unread state is the client's sum of it.
 */
export const unreadResponse = z.record(z.string(), z.number().int().positive());
export type UnreadBySender = z.infer<typeof unreadResponse>;

/**
 * Live: ChatMessageNew {message}; ChatMessageUpdated / ChatMessageDeleted {message} (to both partners,
 * the message as it now is: corrected, or emptied with deleted_at). ChatMessagesRead goes to both: the sender learns which of their
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
