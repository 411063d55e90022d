import { and, eq, gt, inArray, isNotNull, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { involves, sideSql } from '../../db/pair-side.ts';
import { messages } from '../../db/schema/chat.ts';
import { partnerships } from '../../db/schema/partnerships.ts';
import { reports } from '../../db/schema/safety.ts';
import { users } from '../../db/schema/users.ts';
import { defineMemberData } from '../../lifecycle/member-data.ts';
import { shownAs } from '../../policies/members.ts';

export interface ExportedMessage {
  id: number;
  /** The other member as the app shows them (a deleted account has an empty nickname). */
  with: { id: number; nickname: string };
  from_me: boolean;
  message: string;
  send_at: string;
  read_at: string | null;
}

/** Messages read in pages of this many, by id (the cursor), so an export never holds them all. */
export const EXPORT_PAGE_SIZE = 500;

/**
 * Every message the member sent or received, conversation by conversation and oldest first in each, one
 * page at a time: each page is one indexed range of a conversation (messages_chat_idx), after the last id.
 */
export async function* messagePages(ctx: AppContext, userId: number): AsyncGenerator<ExportedMessage[]> {
  const chats = await ctx.db
    .select({ id: partnerships.id, other: sideSql(userId).other })
    .from(partnerships)
    .where(involves(userId))
    .orderBy(partnerships.id);
  for (const chat of chats) {
    const [other] = await ctx.db
      .select()
      .from(users)
      .where(eq(users.id, Number(chat.other)));
    const shown = { id: Number(chat.other), nickname: other ? shownAs(other).nickname : '' };
    let after = 0;
    for (;;) {
      const rows = await ctx.db
        .select()
        .from(messages)
        .where(and(eq(messages.chatId, chat.id), gt(messages.id, after)))
        // The index's own order (chat, id): read straight off messages_chat_idx, also without statistics.
        .orderBy(messages.chatId, messages.id)
        .limit(EXPORT_PAGE_SIZE);
      if (rows.length === 0) break;
      yield rows.map((m) => ({
        id: m.id,
        with: shown,
        from_me: m.senderId === userId,
        // Removed by moderation (issue 16): the words stay the sender's only, as in the app.
        message: m.removedAt && m.senderId !== userId ? '' : m.body,
        send_at: m.sendAt.toISOString(),
        read_at: m.readAt?.toISOString() ?? null,
      }));
      if (rows.length < EXPORT_PAGE_SIZE) break;
      after = rows[rows.length - 1]!.id;
    }
  }
}

/**
 * Messages: the export has every message the member sent or received. Erasing keeps the conversation
 * for the partner (their own messages and what they were sent); a conversation whose partner's account
 * is gone as well belongs to nobody any more and goes. Reports about messages keep their snapshot for
 * moderation, without the member's words and id.
 */
export const chatData = defineMemberData({
  module: 'chat',
  tables: ['messages'],
  exportPages: messagePages,
  async exportMember(ctx, userId): Promise<ExportedMessage[]> {
    const all: ExportedMessage[] = [];
    for await (const page of messagePages(ctx, userId)) all.push(...page);
    return all;
  },
  async eraseMember(_ctx, userId, tx) {
    const gone = tx.select({ id: users.id }).from(users).where(isNotNull(users.deletedAt));
    await tx
      .delete(messages)
      .where(
        or(
          and(eq(messages.senderId, userId), inArray(messages.recipientId, gone)),
          and(eq(messages.recipientId, userId), inArray(messages.senderId, gone)),
        ),
      );
    // The id the member's device gave each message (for retries) is of no use to the partner.
    await tx.update(messages).set({ clientId: null }).where(eq(messages.senderId, userId));
    // Message reports stay for moderation, but the member's words in their snapshots go (as groups do).
    const reported = await tx
      .select({ id: reports.id, snapshot: reports.snapshot })
      .from(reports)
      .where(
        and(
          eq(reports.targetType, 'message'),
          sql`(${reports.snapshot} ->> 'author_id')::bigint = ${userId}
            or ${reports.snapshot} -> 'context' @> ${JSON.stringify([{ author_id: userId }])}::jsonb`,
        ),
      );
    for (const { id, snapshot } of reported) {
      if (!snapshot) continue;
      const mine = (author: number | null) => author === userId;
      const erased = {
        ...snapshot,
        ...(mine(snapshot.author_id) ? { message: '', author_id: null } : {}),
        context: snapshot.context?.map((m) =>
          mine(m.author_id) ? { ...m, message: '', author_id: null } : m,
        ),
      };
      await tx.update(reports).set({ snapshot: erased }).where(eq(reports.id, id));
    }
  },
});
