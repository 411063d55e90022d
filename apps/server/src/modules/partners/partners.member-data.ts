import { and, eq, isNull } from 'drizzle-orm';
import { involves, sideOf } from '../../db/pair-side.ts';
import { friendshipWords, partnerships } from '../../db/schema/partnerships.ts';
import { users } from '../../db/schema/users.ts';
import { defineMemberData } from '../../lifecycle/member-data.ts';
import { listPartners } from './partners.service.ts';

/**
 * Pairs: one never befriended (a suggestion, a request) is nobody's any more and goes. A pair that was
 * befriended stays for the partner (their list shows the deleted account with an empty nickname, and
 * the conversation stays readable, SPEC.md §3); what it held of the member goes: the request text and
 * the shared answers behind "why you match" (health data). The words the member wrote when accepting,
 * declining, withdrawing or ending are theirs: exported, and erased (the other member's notification
 * keeps saying what happened, without them).
 */
export const partnersData = defineMemberData({
  module: 'partners',
  tables: ['partnerships', 'friendship_words'],
  async exportMember(ctx, userId) {
    const [user] = await ctx.db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
    const written = await ctx.db
      .select()
      .from(partnerships)
      .where(and(involves(userId), eq(partnerships.requestedBy, userId)));
    const words = await ctx.db
      .select()
      .from(friendshipWords)
      .where(eq(friendshipWords.authorId, userId))
      .orderBy(friendshipWords.id);
    return {
      // The list as the app shows it: requests, partners, former partners, open suggestions.
      partners: (await listPartners(ctx, userId, user?.locale ?? 'de')).map((p) => ({
        id: p.id,
        nickname: p.nickname,
        friend_status: p.friend_status,
        is_suggestion: p.is_suggestion,
        reason: p.reason,
      })),
      requests_written: written
        .filter((r) => r.requestMessage !== null)
        .map((r) => ({
          to: sideOf(r, userId).other,
          message: r.requestMessage,
          requested_at: r.requestedAt?.toISOString() ?? null,
        })),
      words_written: words.map((w) => ({
        to: w.recipientId,
        action: w.action,
        message: w.message,
        written_at: w.createdAt.toISOString(),
      })),
    };
  },
  async eraseMember(_ctx, userId, tx) {
    await tx.delete(friendshipWords).where(eq(friendshipWords.authorId, userId));
    await tx.delete(partnerships).where(and(involves(userId), isNull(partnerships.befriendedAt)));
    await tx
      .update(partnerships)
      .set({ requestMessage: null, requestedBy: null, requestedAt: null, sharedTags: [], score: 0 })
      .where(involves(userId));
  },
});
