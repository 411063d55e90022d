import { eq } from 'drizzle-orm';
import { sideSql } from '../../db/pair-side.ts';
import { chatMutes } from '../../db/schema/chat.ts';
import { partnerships } from '../../db/schema/partnerships.ts';
import { defineMemberData } from '../../lifecycle/member-data.ts';

/** The conversations the member muted (the partner's id and since when); erasing forgets them. */
export const chatMutesData = defineMemberData({
  module: 'chat_mutes',
  tables: ['chat_mutes'],
  async exportMember(ctx, userId) {
    const rows = await ctx.db
      .select({ partner: sideSql(userId).other, mutedAt: chatMutes.mutedAt })
      .from(chatMutes)
      .innerJoin(partnerships, eq(partnerships.id, chatMutes.chatId))
      .where(eq(chatMutes.userId, userId))
      .orderBy(chatMutes.chatId);
    return rows.map((r) => ({ with: Number(r.partner), muted_at: r.mutedAt.toISOString() }));
  },
  async eraseMember(_ctx, userId, tx) {
    await tx.delete(chatMutes).where(eq(chatMutes.userId, userId));
  },
});
