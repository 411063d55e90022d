import { eq, sql } from 'drizzle-orm';
import { passwordResets, sessions } from '../../db/schema/sessions.ts';
import { roleUser, users } from '../../db/schema/users.ts';
import { defineMemberData } from '../../lifecycle/member-data.ts';
import { userView } from './users.service.ts';

/**
 * The account: sessions (and with them their refresh tokens), reset links and roles go; the users row
 * stays, emptied, so that partners keep the pair and see an empty nickname (SPEC.md §3).
 */
export const accountData = defineMemberData({
  module: 'account',
  tables: ['users', 'sessions', 'refresh_tokens', 'password_resets', 'role_user'],
  async exportMember(ctx, userId) {
    const [row] = await ctx.db.select().from(users).where(eq(users.id, userId));
    if (!row) return null;
    const iso = (d: Date | null) => d?.toISOString() ?? null;
    const own = await ctx.db.select().from(sessions).where(eq(sessions.userId, userId));
    const resets = await ctx.db.select().from(passwordResets).where(eq(passwordResets.userId, userId));
    return {
      user: await userView(ctx.db, row),
      email_verified_at: iso(row.emailVerifiedAt),
      onboarded_at: iso(row.onboardedAt),
      terms_accepted_at: iso(row.termsAcceptedAt),
      last_seen_at: iso(row.lastSeenAt),
      premium_until: iso(row.premiumUntil),
      chat_privacy: { read_receipts: row.chatReadReceipts, typing: row.chatTyping },
      sessions: own.map((s) => ({
        user_agent: s.userAgent,
        created_at: iso(s.createdAt),
        last_used_at: iso(s.lastUsedAt),
        revoked_at: iso(s.revokedAt),
        revoked_reason: s.revokedReason,
      })),
      password_resets: resets.map((r) => ({
        created_at: iso(r.createdAt),
        expires_at: iso(r.expiresAt),
        used_at: iso(r.usedAt),
      })),
    };
  },
  async eraseMember(_ctx, userId, tx) {
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await tx.delete(passwordResets).where(eq(passwordResets.userId, userId));
    await tx.delete(roleUser).where(eq(roleUser.userId, userId));
    await tx
      .update(users)
      .set({
        // Unique and never deliverable: the address is free for a new account at once.
        email: `deleted-${userId}@deleted.invalid`,
        passwordHash: '',
        nickname: '',
        avatar: null,
        about: null,
        isPremium: false,
        premiumUntil: null,
        isSuperAdmin: false,
        matchingStatus: false,
        hasSeen: [],
        emailVerifiedAt: null,
        onboardedAt: null,
        termsAcceptedAt: null,
        lastSeenAt: null,
        addressNoticeAt: null,
        deletedAt: sql`coalesce(${users.deletedAt}, now())`,
        updatedAt: sql`now()`,
      })
      .where(eq(users.id, userId));
  },
});
