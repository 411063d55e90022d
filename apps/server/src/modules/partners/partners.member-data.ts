import { and, eq, isNull } from 'drizzle-orm';
import { involves, sideOf } from '../../db/pair-side.ts';
import { partnerships } from '../../db/schema/partnerships.ts';
import { users } from '../../db/schema/users.ts';
import { defineMemberData } from '../../lifecycle/member-data.ts';
import { listPartners } from './partners.service.ts';

/**
 * Pairs: one never befriended (a suggestion, a request) is nobody's any more and goes. A pair that was
 * befriended stays for the partner (their list shows the deleted account with an empty nickname, and
 * the conversation stays readable, SPEC.md §3); what it held of the member goes: the request text and
 * the shared answers behind "why you match" (health data).
 */
export const partnersData = defineMemberData({
  module: 'partners',
  tables: ['partnerships'],
  async exportMember(ctx, userId) {
    const [user] = await ctx.db.select({ locale: users.locale }).from(users).where(eq(users.id, userId));
    const written = await ctx.db
      .select()
      .from(partnerships)
      .where(and(involves(userId), eq(partnerships.requestedBy, userId)));
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
    };
  },
  async eraseMember(_ctx, userId, tx) {
    await tx.delete(partnerships).where(and(involves(userId), isNull(partnerships.befriendedAt)));
    await tx
      .update(partnerships)
      .set({ requestMessage: null, requestedBy: null, requestedAt: null, sharedTags: [], score: 0 })
      .where(involves(userId));
  },
});
