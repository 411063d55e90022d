import {
  type ChatMessage,
  type ChatPrivacy,
  MESSAGE_EDIT_MINUTES,
  REPORT_CONTEXT_MESSAGES,
  type UnreadBySender,
} from '@trostnetz/contracts/chat';
import { pairIsBefriended } from '@trostnetz/contracts/friendship';
import { chatChannel } from '@trostnetz/contracts/realtime';
import { and, asc, desc, eq, gt, isNotNull, isNull, lt, or, type Placeholder, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { involves } from '../../db/pair-side.ts';
import { preparedStatement } from '../../db/prepared.ts';
import { type MessageRow, messages } from '../../db/schema/chat.ts';
import { partnerships } from '../../db/schema/partnerships.ts';
import { type ReportSnapshot, reports } from '../../db/schema/safety.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  mayWrite,
  mayWriteNow,
  readableConversation,
  shareReadReceipts,
} from '../../policies/conversations.ts';
import { notHidden } from '../../policies/members.ts';
import {
  followOccasion,
  notify,
  occasionAfter,
  occasionValues,
  type Told,
} from '../notifications/notifier.ts';
import { turnsOf } from '../partners/words.ts';
import { presentForBoth, presentMessage } from './chat.presenter.ts';
import { mutedByRecipient } from './chat-mutes.service.ts';

/** The pair's conversation if `me` may read it (the conversations policy), else "not found". */
async function readablePair(ctx: AppContext, me: number, partner: number) {
  const pair = await readableConversation(ctx.db, me, partner);
  if (!pair) throw new AppError('not_found');
  return pair;
}

/**
 * Stores a message (once per client_id) and only then broadcasts it: to the recipient, and to the
 * sender's other tabs (the sending socket excluded). Only befriended partners can write.
 */
export async function sendMessage(
  ctx: AppContext,
  me: number,
  partner: number,
  input: { message: string; client_id?: string },
  socketId?: string,
): Promise<ChatMessage> {
  const clientId = input.client_id ?? null;
  const subject = { actorId: me };
  const now = new Date();
  const sent = await sendStatement.run(ctx.database, {
    me,
    partner,
    body: input.message,
    clientId,
    ...occasionValues(partner, 'chat_message', subject, now),
  });
  const row = (sent.rows as unknown as Array<RawMessage & Told>)[0];
  if (!row) return explainRefusedSend(ctx, me, partner, clientId);
  const message = presentMessage(fromRaw(row));
  ctx.metrics.chatMessagesSent.inc();
  ctx.broadcaster.toMember(partner, 'chat_message', 'ChatMessageNew', { message });
  ctx.broadcaster.toMember(me, 'chat_message', 'ChatMessageNew', { message }, { socketId });
  await followOccasion(ctx, partner, 'chat_message', subject, now, row);
  return message;
}

type InsertValues = { me: number; partner: number; body: string; clientId: string | null };

/**
 * The hot path is one statement and one commit: it inserts only while the pair may write to each other,
 * and stores the partner's notification with it (the notifier's `occasionAfter`). Prepared once
 * (db/prepared.ts).
 */
const sendStatement = occasionAfter<InsertValues>(
  'chat_send_message',
  'chat_message',
  insertSql(sql.placeholder('me'), sql.placeholder('partner')),
  // A conversation the recipient muted: no notification, no push, no mail (the message itself arrives).
  { silencedWhen: mutedByRecipient(sql`${sql.placeholder('partner')}::bigint`) },
);

/** The insert alone: the chat benchmark's ceiling server runs this very statement. */
export const insertMessage = preparedStatement<InsertValues>(
  'chat_insert_message',
  insertSql(sql.placeholder('me'), sql.placeholder('partner')),
);

function insertSql(me: Placeholder, partner: Placeholder) {
  return sql`insert into messages (chat_id, sender_id, recipient_id, body, client_id)
    select ${partnerships.id}, ${me}::bigint, ${partner}::bigint, ${sql.placeholder('body')}::text, ${sql.placeholder('clientId')}::text
    from ${partnerships} join ${users} on ${users.id} = ${partner}::bigint
    where ${mayWrite(me, partner)}
    on conflict do nothing
    returning id, chat_id, sender_id, recipient_id, body, client_id, send_at, read_at`;
}

interface RawMessage {
  id: string | number;
  chat_id: string | number;
  sender_id: string | number;
  recipient_id: string | number;
  body: string;
  client_id: string | null;
  send_at: Date | string;
  read_at: Date | string | null;
}

const toDate = (d: Date | string) => (d instanceof Date ? d : new Date(d));
const fromRaw = (r: RawMessage): MessageRow => ({
  id: Number(r.id),
  chatId: Number(r.chat_id),
  senderId: Number(r.sender_id),
  recipientId: Number(r.recipient_id),
  body: r.body,
  clientId: r.client_id,
  sendAt: toDate(r.send_at),
  readAt: r.read_at === null ? null : toDate(r.read_at),
  editedAt: null,
  deletedAt: null,
  removedAt: null,
  removedDecisionId: null,
});

/** Nothing was inserted: a retry of a stored message (answer it, broadcast nothing), or a clear refusal. */
async function explainRefusedSend(ctx: AppContext, me: number, partner: number, clientId: string | null) {
  const pair = await readablePair(ctx, me, partner);
  if (pair.partnerDeleted) throw new AppError('not_found');
  if (!pairIsBefriended(pair.statusLow, pair.statusHigh)) throw new AppError('chat_closed');
  const [existing] = clientId
    ? await ctx.db
        .select()
        .from(messages)
        .where(and(eq(messages.senderId, me), eq(messages.clientId, clientId)))
    : [];
  if (!existing || existing.recipientId !== partner) throw new AppError('conflict');
  return presentMessage(existing, { viewer: me });
}

/** Newest first; `before` pages into the past, `after` catches up (also newest first). */
export async function history(
  ctx: AppContext,
  me: number,
  partner: number,
  q: { before?: number; after?: number; limit: number },
) {
  const pair = await readablePair(ctx, me, partner);
  const where = and(
    eq(messages.chatId, pair.id),
    q.before ? lt(messages.id, q.before) : undefined,
    q.after !== undefined ? gt(messages.id, q.after) : undefined,
  );
  const rows = await ctx.db
    .select()
    .from(messages)
    .where(where)
    .orderBy(q.after !== undefined && !q.before ? asc(messages.id) : desc(messages.id))
    .limit(q.limit + 1);
  const page = rows.slice(0, q.limit).sort((a, b) => b.id - a.id);
  const hideRead = !(await shareReadReceipts(ctx.db, me, partner));
  return {
    messages: page.map((m) => presentMessage(m, { hideRead: hideRead && m.senderId === me, viewer: me })),
    has_more: rows.length > q.limit,
    // The words with which the friendship began or ended, in the history of both.
    turns: await turnsOf(ctx.db, pair.id),
  };
}

/** Marks the partner's messages to `me` in this chat read; tells the partner and `me`'s other tabs. */
export async function markRead(ctx: AppContext, me: number, chatId: number, partner: number) {
  const pair = await readablePair(ctx, me, partner);
  if (pair.id !== chatId) throw new AppError('not_found');
  const readAt = new Date();
  const rows = await ctx.db
    .update(messages)
    .set({ readAt })
    .where(
      and(
        eq(messages.chatId, chatId),
        eq(messages.recipientId, me),
        eq(messages.senderId, partner),
        isNull(messages.readAt),
      ),
    )
    .returning({ id: messages.id, sendAt: messages.sendAt });
  if (rows.length) {
    const ids = rows.map((r) => r.id);
    const event = { chat_id: chatId, reader_id: me, sender_id: partner, ids, read_at: readAt.toISOString() };
    // The partner learns of my read only while both of us share read receipts; my other tabs always.
    const tell = (await shareReadReceipts(ctx.db, me, partner)) ? [partner, me] : [me];
    for (const member of tell) {
      ctx.broadcaster.toMember(member, 'chat_message', 'ChatMessagesRead', event);
    }
  }
  return Object.fromEntries(
    rows.map((r) => [String(r.id), { send_at: r.sendAt.toISOString(), read_at: readAt.toISOString() }]),
  );
}

/**
 * One of `me`'s own messages that `me` may still change: it exists and is `me`'s (else "not found",
 * also for the partner's messages), and the pair may still write to each other (else as a send is
 * refused: hidden or deleted partner "not found", a friendship ended "chat closed").
 */
async function ownChangeableMessage(ctx: AppContext, me: number, id: number) {
  const [message] = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.senderId, me)));
  if (!message) throw new AppError('not_found');
  if (!(await mayWriteNow(ctx.db, me, message.recipientId))) {
    const pair = await readablePair(ctx, me, message.recipientId);
    if (pair.partnerDeleted) throw new AppError('not_found');
    throw new AppError('chat_closed');
  }
  return message;
}

/** Tells both partners (all their tabs but the one that changed it) how a message now is. */
async function broadcastChange(
  ctx: AppContext,
  row: MessageRow,
  event: 'ChatMessageUpdated' | 'ChatMessageDeleted',
  socketId?: string,
) {
  const shared = await shareReadReceipts(ctx.db, row.senderId, row.recipientId);
  const seen = presentForBoth(row, shared);
  ctx.broadcaster.toMember(row.recipientId, 'chat_message', event, { message: seen.recipient });
  ctx.broadcaster.toMember(row.senderId, 'chat_message', event, { message: seen.sender }, { socketId });
  return seen.sender;
}

/**
 * A moderation decision removed a message or an appeal put it back (issue 16): both partners' open
 * conversations follow at once ("entfernt" for the recipient, the words and the notice for the sender).
 */
export async function announceModeratedMessage(ctx: AppContext, id: number) {
  const [row] = await ctx.db.select().from(messages).where(eq(messages.id, id));
  if (row) await broadcastChange(ctx, row, 'ChatMessageUpdated');
}

/** Corrects one's own message within MESSAGE_EDIT_MINUTES of sending it ("bearbeitet"). */
export async function editMessage(
  ctx: AppContext,
  me: number,
  id: number,
  text: string,
  socketId?: string,
): Promise<ChatMessage> {
  const message = await ownChangeableMessage(ctx, me, id);
  if (message.deletedAt) throw new AppError('conflict');
  const windowStart = new Date(Date.now() - MESSAGE_EDIT_MINUTES * 60_000);
  const [row] = await ctx.db
    .update(messages)
    .set({ body: text, editedAt: new Date() })
    .where(
      and(
        eq(messages.id, id),
        eq(messages.senderId, me),
        isNull(messages.deletedAt),
        gt(messages.sendAt, windowStart),
      ),
    )
    .returning();
  if (!row) throw new AppError(message.sendAt > windowStart ? 'conflict' : 'message_edit_window_closed');
  return broadcastChange(ctx, row, 'ChatMessageUpdated', socketId);
}

/** Deletes one's own message at any time: its text is overwritten in the row, nothing of it stays. */
export async function deleteMessage(
  ctx: AppContext,
  me: number,
  id: number,
  socketId?: string,
): Promise<ChatMessage> {
  const message = await ownChangeableMessage(ctx, me, id);
  if (message.deletedAt) return presentMessage(message, { hideRead: true, viewer: me });
  const [row] = await ctx.db
    .update(messages)
    .set({ body: '', deletedAt: new Date() })
    .where(and(eq(messages.id, id), eq(messages.senderId, me)))
    .returning();
  return broadcastChange(ctx, row!, 'ChatMessageDeleted', socketId);
}

/**
 * A participant reports a message: into the one reports table (target_type 'message') with a snapshot
 * of it and the REPORT_CONTEXT_MESSAGES before it in the conversation, so moderators see the context
 * without reading the whole conversation. Anyone else's report is "not found".
 */
export async function reportMessage(
  ctx: AppContext,
  me: number,
  id: number,
  input: { reason: string; details?: string },
) {
  const [message] = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.id, id), or(eq(messages.senderId, me), eq(messages.recipientId, me))));
  if (!message) throw new AppError('not_found');
  const before = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.chatId, message.chatId), lt(messages.id, message.id)))
    .orderBy(desc(messages.id))
    .limit(REPORT_CONTEXT_MESSAGES);
  const words = (m: MessageRow) => (m.deletedAt ? '' : m.body);
  const snapshot: ReportSnapshot = {
    message: words(message),
    author_id: message.senderId,
    created_at: message.sendAt.toISOString(),
    context: before.reverse().map((m) => ({
      id: m.id,
      author_id: m.senderId,
      created_at: m.sendAt.toISOString(),
      message: words(m),
    })),
  };
  const [row] = await ctx.db
    .insert(reports)
    .values({
      reporterId: me,
      targetType: 'message',
      targetId: message.id,
      reason: input.reason,
      details: input.details || null,
      snapshot,
    })
    .returning({ id: reports.id, status: reports.status });
  // DSA Art. 16(4): a receipt at once, in the app and by mail, naming neither who nor what.
  await notify(ctx, me, 'report_received', { actorId: null, reportId: row!.id });
  return row!;
}

export async function chatPrivacyOf(ctx: AppContext, me: number): Promise<ChatPrivacy> {
  const [row] = await ctx.db
    .select({ read_receipts: users.chatReadReceipts, typing: users.chatTyping })
    .from(users)
    .where(eq(users.id, me));
  if (!row) throw new AppError('not_found');
  return row;
}

/**
 * Read receipts and the typing signal, each on or off for both directions (issue 13). Switching typing
 * off also ends the member's conversation channels at once: a tab or device that joined one earlier
 * is out too (its typing is refused, the partner's no longer reaches it), and /pusher/auth refuses it
 * a new subscription. Partners get CHANNEL_CLOSED_EVENT and join again.
 */
export async function saveChatPrivacy(ctx: AppContext, me: number, input: ChatPrivacy): Promise<ChatPrivacy> {
  const before = await chatPrivacyOf(ctx, me);
  await ctx.db
    .update(users)
    .set({ chatReadReceipts: input.read_receipts, chatTyping: input.typing, updatedAt: new Date() })
    .where(eq(users.id, me));
  if (before.typing && !input.typing) await closeConversationsOf(ctx, me);
  return chatPrivacyOf(ctx, me);
}

/** Unread messages per sender (hidden members left out); the client sums them for its total. */
export async function unreadBySender(ctx: AppContext, me: number): Promise<UnreadBySender> {
  const rows = await ctx.db
    .select({ sender: messages.senderId, n: sql<number>`count(*)::int` })
    .from(messages)
    .where(and(eq(messages.recipientId, me), isNull(messages.readAt), notHidden(me, messages.senderId)))
    .groupBy(messages.senderId);
  return Object.fromEntries(rows.map((r) => [String(r.sender), Number(r.n)]));
}

/** Ends a conversation's live channel for both partners at once (hide, remove). */
export function closeConversationChannel(ctx: AppContext, chatId: number) {
  ctx.broadcaster.closeChannels([chatChannel(chatId)]);
}

/**
 * A session ended (logout, password reset or change, a session ended from the settings, a reused
 * refresh token; account deletion must call it too): the member's sockets close (those of sessions
 * still live reconnect with their own auth), and each of their conversation channels ends,
 * so a socket of the ended session that joined one is out too. Partners get CHANNEL_CLOSED_EVENT and
 * join again; /pusher/auth refuses the ended session.
 */
export async function endMemberLive(ctx: AppContext, userId: number) {
  await ctx.broadcaster.disconnectMember(userId);
  await closeConversationsOf(ctx, userId);
}

/** Ends every conversation channel of the member's partnerships for both sides. */
async function closeConversationsOf(ctx: AppContext, userId: number) {
  const pairs = await ctx.db
    .select({ id: partnerships.id })
    .from(partnerships)
    .where(and(involves(userId), isNotNull(partnerships.befriendedAt)));
  ctx.broadcaster.closeChannels(pairs.map((p) => chatChannel(p.id)));
}
