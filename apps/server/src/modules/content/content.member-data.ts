import { eq } from 'drizzle-orm';
import { contentPages } from '../../db/schema/content.ts';
import { defineMemberData } from '../../lifecycle/member-data.ts';

/**
 * Page versions a staff member published stay (they are the page's history, DSGVO Art. 17(3)); only
 * the name of who published them goes. Nothing of it is about the member, so the export is empty.
 */
export const contentData = defineMemberData({
  module: 'content',
  tables: ['content_pages'],
  exportMember: async () => null,
  async eraseMember(_ctx, userId, tx) {
    await tx.update(contentPages).set({ createdBy: null }).where(eq(contentPages.createdBy, userId));
  },
});
