import { eq } from 'drizzle-orm';
import { emailChanges } from '../../db/schema/email-changes.ts';
import { defineMemberData } from '../../lifecycle/member-data.ts';

/** Requests to change the e-mail address (both addresses, when, what became of them); erased with the member. */
export const emailChangesData = defineMemberData({
  module: 'settings',
  tables: ['email_changes'],
  async exportMember(ctx, userId) {
    const rows = await ctx.db.select().from(emailChanges).where(eq(emailChanges.userId, userId));
    const iso = (d: Date | null) => d?.toISOString() ?? null;
    return {
      email_changes: rows.map((r) => ({
        old_email: r.oldEmail,
        new_email: r.newEmail,
        created_at: iso(r.createdAt),
        confirmed_at: iso(r.confirmedAt),
        cancelled_at: iso(r.cancelledAt),
      })),
    };
  },
  async eraseMember(_ctx, userId, tx) {
    await tx.delete(emailChanges).where(eq(emailChanges.userId, userId));
  },
});
