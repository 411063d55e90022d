import { eq } from 'drizzle-orm';
import { blocks, reports } from '../../db/schema/safety.ts';
import { defineMemberData } from '../../lifecycle/member-data.ts';
import { listBlocks } from './safety.service.ts';

/**
 * The member's hidden list goes. Others' hidden lists keep the member (emptied, like a partner's view):
 * they chose to hide that account and the entry is theirs.
 */
export const hiddenListData = defineMemberData({
  module: 'hidden_list',
  tables: ['blocks'],
  exportMember: (ctx, userId) => listBlocks(ctx.db, userId),
  async eraseMember(_ctx, userId, tx) {
    await tx.delete(blocks).where(eq(blocks.blockerId, userId));
  },
});

/**
 * Reports stay for moderation (DSA Art. 16, 17): those the member made lose their reporter (the
 * reporter is anonymised, not the report); those about the member stay as they are, their target an
 * emptied account. The export holds the reports the member made, never who reported them.
 */
export const reportsData = defineMemberData({
  module: 'reports',
  tables: ['reports'],
  async exportMember(ctx, userId) {
    const rows = await ctx.db.select().from(reports).where(eq(reports.reporterId, userId));
    return rows.map((r) => ({
      id: r.id,
      target_type: r.targetType,
      target_id: r.targetId,
      reason: r.reason,
      details: r.details,
      status: r.status,
      answer: r.answer,
      created_at: r.createdAt.toISOString(),
    }));
  },
  async eraseMember(_ctx, userId, tx) {
    await tx.update(reports).set({ reporterId: null }).where(eq(reports.reporterId, userId));
  },
});
