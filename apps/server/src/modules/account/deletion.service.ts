import { createHmac, timingSafeEqual } from 'node:crypto';
import { DELETION_GRACE_DAYS } from '@trostnetz/contracts/account';
import { vmsg } from '@trostnetz/contracts/messages';
import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { sessions } from '../../db/schema/sessions.ts';
import { type Member, users } from '../../db/schema/users.ts';
import { longDate } from '../../i18n/long-date.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { eraseMember } from '../../lifecycle/member-data-table.ts';
import { assertNotLastSuperAdmin } from '../../policies/roles.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { endMemberLive } from '../chat/chat.service.ts';
import { refreshActive } from '../matching/matching.service.ts';
import { notify } from '../notifications/notifier.ts';
import { endContractsOfDeletedAccount } from '../payments/contracts.service.ts';
import { passwordHashOf } from '../users/users.service.ts';

const DAY_MS = 86_400_000;
const GRACE_MS = DELETION_GRACE_DAYS * DAY_MS;

/**
 * The undo link's token: the member and the moment of this one request, signed with the app key. It
 * works for this request only (a revoked and renewed request gets a new one) and only within the grace
 * period; it needs no password, as the link reaches only the account's own mailbox.
 */
function signRequest(ctx: AppContext, userId: number, requestedAt: Date) {
  return createHmac('sha256', ctx.config.appKey)
    .update(`undo-delete:${userId}:${requestedAt.getTime()}`)
    .digest('base64url');
}

export const undoToken = (ctx: AppContext, userId: number, requestedAt: Date) =>
  `${userId}.${requestedAt.getTime()}.${signRequest(ctx, userId, requestedAt)}`;

function readUndoToken(ctx: AppContext, token: string): { userId: number; requestedAt: Date } | null {
  const m = /^([1-9][0-9]{0,15})\.([1-9][0-9]{0,15})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!m) return null;
  const userId = Number(m[1]);
  const requestedAt = new Date(Number(m[2]));
  if (!Number.isSafeInteger(userId) || Number.isNaN(requestedAt.getTime())) return null;
  const expected = Buffer.from(signRequest(ctx, userId, requestedAt));
  const given = Buffer.from(m[3]!);
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? { userId, requestedAt }
    : null;
}

/**
 * POST /api/user/delete: with the right password the account is gone for everyone at once (the one rule
 * `isGone` in policies/members.ts), every session ends, the sockets close, the erasure is scheduled for
 * after the grace period, and a mail brings the link to undo. A wrong password changes nothing.
 */
export async function requestDeletion(ctx: AppContext, member: Member, password: string) {
  if (!(await verifyPassword(await passwordHashOf(ctx.db, member.id), password))) {
    throw validationError({ password: [vmsg('password_wrong')] });
  }
  // The administration is never left without a super admin (decision 031).
  await assertNotLastSuperAdmin(ctx.db, member);
  return markForDeletion(ctx, member);
}

/**
 * The member life cycle's deletion, also for the console (issue 16, staff with members.delete): gone
 * for everyone at once, sessions and sockets end, erased after the grace period, the undo link mailed.
 */
export async function markForDeletion(ctx: AppContext, member: Member) {
  const requestedAt = new Date();
  const eraseAfter = new Date(requestedAt.getTime() + GRACE_MS);
  await ctx.db.transaction(async (tx) => {
    const [marked] = await tx
      .update(users)
      .set({ deletionRequestedAt: requestedAt, updatedAt: requestedAt })
      .where(and(eq(users.id, member.id), isNull(users.deletionRequestedAt), isNull(users.deletedAt)))
      .returning({ id: users.id });
    // Two requests at once: the first one counts, the second finds no live session any more.
    if (!marked) throw new AppError('unauthenticated');
    await tx
      .update(sessions)
      .set({ revokedAt: requestedAt, revokedReason: 'account_deletion' })
      .where(and(eq(sessions.userId, member.id), isNull(sessions.revokedAt)));
    await ctx.jobs.send('account-erase', { userId: member.id }, { startAfter: eraseAfter, tx });
  });
  await refreshActive(ctx.db, member.id);
  await endMemberLive(ctx, member.id);
  // Issue 14: a running premium contract ends at its period end and is not renewed.
  await endContractsOfDeletedAccount(ctx, member.id);
  // Sent at once, also during quiet hours: the link to keep the account is part of this request.
  await notify(ctx, member.id, 'deletion', {
    mail: 'deletion',
    url: `${ctx.config.appUrl}/keep-account/${undoToken(ctx, member.id, requestedAt)}`,
    params: { days: DELETION_GRACE_DAYS, date: longDate(member.locale, eraseAfter) },
  });
  return { erase_after: eraseAfter.toISOString() };
}

/**
 * POST /api/user/revoke-delete: within the grace period the account is back as it was (the member signs
 * in again). A link that is not ours, of an earlier request or already used: invalid_link; after the
 * grace period (or once erased): deletion_final.
 */
export async function revokeDeletion(ctx: AppContext, token: string) {
  const claim = readUndoToken(ctx, token);
  if (!claim) throw new AppError('invalid_link');
  const [user] = await ctx.db
    .select({ deletedAt: users.deletedAt, requestedAt: users.deletionRequestedAt })
    .from(users)
    .where(eq(users.id, claim.userId));
  if (!user) throw new AppError('invalid_link');
  if (user.deletedAt) throw new AppError('deletion_final');
  if (user.requestedAt?.getTime() !== claim.requestedAt.getTime()) throw new AppError('invalid_link');
  if (Date.now() >= claim.requestedAt.getTime() + GRACE_MS) throw new AppError('deletion_final');
  const [restored] = await ctx.db
    .update(users)
    .set({ deletionRequestedAt: null, updatedAt: new Date() })
    .where(
      and(
        eq(users.id, claim.userId),
        eq(users.deletionRequestedAt, claim.requestedAt),
        isNull(users.deletedAt),
      ),
    )
    .returning({ id: users.id });
  if (!restored) throw new AppError('invalid_link');
  await refreshActive(ctx.db, claim.userId);
}

/** The cut-off: requests made at or before it are due for erasure. */
const dueBefore = () => new Date(Date.now() - GRACE_MS);

/**
 * Erases the member through the life-cycle registry if their request is older than the grace period
 * and was not revoked (a revoked and renewed request leaves the first job with nothing to do).
 */
export async function eraseIfDue(ctx: AppContext, userId: number): Promise<boolean> {
  const [due] = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt), lte(users.deletionRequestedAt, dueBefore())));
  if (!due) return false;
  await eraseMember(ctx, userId);
  await endMemberLive(ctx, userId);
  return true;
}

/** The daily safety net beside each request's own job: every request past its grace period. */
export async function eraseAllDue(ctx: AppContext): Promise<number> {
  const rows = await ctx.db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        isNull(users.deletedAt),
        isNotNull(users.deletionRequestedAt),
        lte(users.deletionRequestedAt, dueBefore()),
      ),
    );
  let erased = 0;
  for (const { id } of rows) if (await eraseIfDue(ctx, id)) erased++;
  return erased;
}
