import { eq } from 'drizzle-orm';
import { supportRequests } from '../../db/schema/support.ts';
import { defineMemberData } from '../../lifecycle/member-data.ts';
import { listOwnRequests } from './customer-service.service.ts';

/**
 * The member's customer-service requests and their answers go with the account; requests a staff
 * member answered keep the answer but no longer name who gave it.
 */
export const customerServiceData = defineMemberData({
  module: 'customerService',
  tables: ['support_requests'],
  exportMember: (ctx, userId) => listOwnRequests(ctx.db, userId),
  async eraseMember(_ctx, userId, tx) {
    await tx.delete(supportRequests).where(eq(supportRequests.userId, userId));
    await tx.update(supportRequests).set({ answeredBy: null }).where(eq(supportRequests.answeredBy, userId));
  },
});
