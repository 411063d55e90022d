import { eq } from 'drizzle-orm';
import {
  appeals,
  moderationDecisions,
  premiumGrants,
  staffCredentials,
  staffNotes,
  staffSessions,
  suspensions,
} from '../../db/schema/moderation.ts';
import { defineMemberData } from '../../lifecycle/member-data.ts';
import { noticesOf } from './moderation.service.ts';

/**
 * Moderation and the console (issue 16). The export holds the member's statements of reasons with
 * their appeals, suspensions, what staff noted about them, and (for staff) their console sign-ins —
 * never a TOTP secret or recovery code. Erasure: decisions stay for accountability (DSA Art. 15/24)
 * without the person or their words; appeals lose their text; notes, suspensions, the second factor
 * and console sessions go. Decisions and notes staff made lose their author. The audit log is
 * append-only by design and keeps ids only (no names, no words of members).
 */
export const moderationData = defineMemberData({
  module: 'moderation',
  tables: [
    'moderation_decisions',
    'appeals',
    'suspensions',
    'staff_notes',
    'staff_credentials',
    'staff_sessions',
    'premium_grants',
  ],
  async exportMember(ctx, userId) {
    const notes = await ctx.db.select().from(staffNotes).where(eq(staffNotes.userId, userId));
    const susp = await ctx.db.select().from(suspensions).where(eq(suspensions.userId, userId));
    const consoleSessions = await ctx.db.select().from(staffSessions).where(eq(staffSessions.userId, userId));
    return {
      notices: await noticesOf(ctx.db, userId),
      suspensions: susp.map((s) => ({
        reason_code: s.reasonCode,
        until: s.until.toISOString(),
        lifted_at: s.liftedAt?.toISOString() ?? null,
        created_at: s.createdAt.toISOString(),
      })),
      staff_notes: notes.map((n) => ({ text: n.text, created_at: n.createdAt.toISOString() })),
      console_sessions: consoleSessions.map((s) => ({
        created_at: s.createdAt.toISOString(),
        last_used_at: s.lastUsedAt.toISOString(),
      })),
    };
  },
  async eraseMember(_ctx, userId, tx) {
    await tx
      .update(moderationDecisions)
      .set({ memberId: null, content: null })
      .where(eq(moderationDecisions.memberId, userId));
    await tx
      .update(moderationDecisions)
      .set({ decidedBy: null })
      .where(eq(moderationDecisions.decidedBy, userId));
    await tx.update(appeals).set({ memberId: null, text: '' }).where(eq(appeals.memberId, userId));
    await tx.update(appeals).set({ decidedBy: null }).where(eq(appeals.decidedBy, userId));
    await tx.delete(suspensions).where(eq(suspensions.userId, userId));
    await tx.update(suspensions).set({ createdBy: null }).where(eq(suspensions.createdBy, userId));
    await tx.delete(staffNotes).where(eq(staffNotes.userId, userId));
    await tx.update(staffNotes).set({ authorId: null }).where(eq(staffNotes.authorId, userId));
    await tx.delete(staffCredentials).where(eq(staffCredentials.userId, userId));
    await tx.delete(staffSessions).where(eq(staffSessions.userId, userId));
    await tx.delete(premiumGrants).where(eq(premiumGrants.userId, userId));
    await tx.update(premiumGrants).set({ grantedBy: null }).where(eq(premiumGrants.grantedBy, userId));
  },
});
