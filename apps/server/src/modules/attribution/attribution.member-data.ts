import { eq } from 'drizzle-orm';
import { signupAttributions } from '../../db/schema/attribution.ts';
import { defineMemberData } from '../../lifecycle/member-data.ts';
import { attributionOf } from './attribution.service.ts';

/** Where the member came from when they registered: exported and erased with the account. */
export const attributionData = defineMemberData({
  module: 'attribution',
  tables: ['signup_attributions'],
  exportMember: (ctx, userId) => attributionOf(ctx.db, userId),
  async eraseMember(_ctx, userId, tx) {
    await tx.delete(signupAttributions).where(eq(signupAttributions.userId, userId));
  },
});
