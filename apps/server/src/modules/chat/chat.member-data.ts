import { and, eq, inArray, isNotNull, or } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { messages } from '../../db/schema/chat.ts';
import { users } from '../../db/schema/users.ts';
import { defineMemberData } from '../../lifecycle/member-data.ts';
import { shownAs } from '../../policies/members.ts';

/**
 * Messages: the export has every message the member sent or received. Erasing keeps the conversation
 * for the partner (their own messages and what they were sent); a conversation whose partner's account
 * is gone as well belongs to nobody any more and goes.
 */
export const chatData = defineMemberData({
  module: 'chat',
  tables: ['messages'],
  async exportMember(ctx, userId) {
    const sender = alias(users, 'sender');
    const recipient = alias(users, 'recipient');
    const rows = await ctx.db
      .select({ message: messages, sender, recipient })
      .from(messages)
      .innerJoin(sender, eq(sender.id, messages.senderId))
      .innerJoin(recipient, eq(recipient.id, messages.recipientId))
      .where(or(eq(messages.senderId, userId), eq(messages.recipientId, userId)))
      .orderBy(messages.id);
    return rows.map(({ message: m, sender: s, recipient: r }) => {
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
