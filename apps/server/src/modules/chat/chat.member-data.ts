import { and, eq, gt, inArray, isNotNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AppContext } from '../../app-context.ts';
import { messages } from '../../db/schema/chat.ts';
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

/** Every message the member sent or received, oldest first, one page at a time. */
export async function* messagePages(ctx: AppContext, userId: number): AsyncGenerator<ExportedMessage[]> {
  const sender = alias(users, 'sender');
  const recipient = alias(users, 'recipient');
  let after = 0;
  for (;;) {
    const rows = await ctx.db
      .select({ message: messages, sender, recipient })
      .from(messages)
      .innerJoin(sender, eq(sender.id, messages.senderId))
      .innerJoin(recipient, eq(recipient.id, messages.recipientId))
      .where(and(or(eq(messages.senderId, userId), eq(messages.recipientId, userId)), gt(messages.id, after)))
      .orderBy(messages.id)
      .limit(EXPORT_PAGE_SIZE);
    if (rows.length === 0) return;
    yield rows.map(({ message: m, sender: s, recipient: r }) => {
      const other = m.senderId === userId ? r : s;
      return {
        id: m.id,
        with: { id: other.id, nickname: shownAs(other).nickname },
        from_me: m.senderId === userId,
        message: m.body,
        send_at: m.sendAt.toISOString(),
        read_at: m.readAt?.toISOString() ?? null,
      };
    });
    if (rows.length < EXPORT_PAGE_SIZE) return;
    after = rows[rows.length - 1]!.message.id;
  }
}

/**
 * Messages: the export has every message the member sent or received. Erasing keeps the conversation
 * for the partner (their own messages and what they were sent); a conversation whose partner's account
 * is gone as well belongs to nobody any more and goes.
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
  },
});
