import { vmsg } from '@trostnetz/contracts/messages';
import {
  EMAIL_CONFIRM_HOURS,
  EMAIL_CONFIRM_PATH,
  EMAIL_UNDO_DAYS,
  EMAIL_UNDO_PATH,
} from '@trostnetz/contracts/settings';
import { and, desc, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { emailChanges } from '../../db/schema/email-changes.ts';
import { type Member, users } from '../../db/schema/users.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { revokeAllSessions } from '../auth/sessions.service.ts';
import { hashToken, newOpaqueToken } from '../auth/tokens.ts';
import { endMemberLive } from '../chat/chat.service.ts';
import { mailTemplate } from '../mail/templates.ts';
import { notify } from '../notifications/notifier.ts';
import { claimAddressNotice, findActiveUser, verifiedAccountByEmail } from '../users/users.service.ts';
import { assertCurrentPassword } from './settings.service.ts';

const HOUR = 3_600_000;

/**
 * Asks for a new address. Answered the same whether it is free or another account's (no enumeration):
 * a free address gets a confirmation link; the owner of a taken one is told instead and no link
 * exists. Either way the old address is told and can undo for 7 days. A newer request replaces an
 * unconfirmed older one.
 */
export async function requestEmailChange(
  ctx: AppContext,
  member: Member,
  input: { email: string; password: string },
) {
  await assertCurrentPassword(ctx.db, member, input.password, 'password');
  const newEmail = input.email.toLowerCase();
  if (newEmail === member.email.toLowerCase()) throw validationError({ email: [vmsg('same_email')] });
  const owner = await verifiedAccountByEmail(ctx.db, newEmail);
  const taken = owner !== undefined && owner.id !== member.id;
  const confirmToken = newOpaqueToken('ec');
  const undoToken = newOpaqueToken('eu');
  const now = Date.now();
  await ctx.db.transaction(async (tx) => {
    await tx.update(emailChanges).set({ cancelledAt: new Date() }).where(pending(member.id));
    await tx.insert(emailChanges).values({
      userId: member.id,
      oldEmail: member.email,
      newEmail,
      confirmTokenHash: taken ? null : hashToken(confirmToken),
      confirmExpiresAt: new Date(now + EMAIL_CONFIRM_HOURS * HOUR),
      undoTokenHash: hashToken(undoToken),
      undoExpiresAt: new Date(now + EMAIL_UNDO_DAYS * 24 * HOUR),
    });
  });
  const { appUrl, appName } = ctx.config;
  if (!taken) {
    ctx.mailer.queue(
      mailTemplate(
        'emailConfirm',
        member.locale,
        appName,
        { email: newEmail, nickname: member.nickname },
        `${appUrl}${EMAIL_CONFIRM_PATH}/${confirmToken}`,
      ),
    );
  } else if (await claimAddressNotice(ctx.db, owner.id, ctx.config.addressNoticeIntervalSec)) {
    await notify(ctx, owner.id, 'security', {
      mail: 'addressClaimed',
      url: `${appUrl}/login`,
      params: { link: `${appUrl}/forgot-password` },
    });
  }
  // To the address in use until now: the new one and the way back.
  await notify(ctx, member.id, 'security', {
    mail: 'emailChangeRequested',
    url: `${appUrl}${EMAIL_UNDO_PATH}/${undoToken}`,
    params: { name: newEmail },
  });
}

/** A change still waiting for its confirmation link. */
const pending = (userId: number) =>
  and(eq(emailChanges.userId, userId), isNull(emailChanges.confirmedAt), isNull(emailChanges.cancelledAt));

/** The address a member asked for and has not confirmed yet (the link still open), if any. */
export async function pendingEmail(ctx: AppContext, userId: number): Promise<string | null> {
  const [row] = await ctx.db
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(and(pending(userId), gt(emailChanges.confirmExpiresAt, new Date())))
    .orderBy(desc(emailChanges.id))
    .limit(1);
  return row?.newEmail ?? null;
}

/** Is the address held by a verified account other than this member's? */
async function heldByAnother(ctx: AppContext, email: string, userId: number) {
  const owner = await verifiedAccountByEmail(ctx.db, email);
  return owner !== undefined && owner.id !== userId;
}

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string; cause?: { code?: string } }).code === '23505' ||
  (err as { cause?: { code?: string } }).cause?.code === '23505';

/** The link from the new address: from now on it is the member's address. */
export async function confirmEmailChange(ctx: AppContext, token: string) {
  const [row] = await ctx.db
    .select()
    .from(emailChanges)
    .where(eq(emailChanges.confirmTokenHash, hashToken(token)));
  if (!row || row.confirmedAt || row.cancelledAt) throw new AppError('invalid_link');
  if (row.confirmExpiresAt.getTime() < Date.now()) throw new AppError('link_expired');
  const member = await findActiveUser(ctx.db, row.userId);
  // The address changed otherwise meanwhile, or another account verified the new one: the link is void.
  if (!member || member.email !== row.oldEmail || (await heldByAnother(ctx, row.newEmail, member.id))) {
    throw new AppError('invalid_link');
  }
  try {
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ email: row.newEmail, emailVerifiedAt: new Date(), updatedAt: new Date() })
        .where(and(eq(users.id, member.id), eq(users.email, row.oldEmail)));
      await tx.update(emailChanges).set({ confirmedAt: new Date() }).where(eq(emailChanges.id, row.id));
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw new AppError('invalid_link');
    throw err;
  }
}

/**
 * The link from the old address, for 7 days: an open request is cancelled, a confirmed change goes
 * back to the old address. Whoever changed it may hold the account, so every session ends.
 * Opening it again changes nothing.
 */
export async function undoEmailChange(ctx: AppContext, token: string) {
  const [row] = await ctx.db
    .select()
    .from(emailChanges)
    .where(eq(emailChanges.undoTokenHash, hashToken(token)));
  if (!row) throw new AppError('invalid_link');
  if (row.undoExpiresAt.getTime() < Date.now()) throw new AppError('link_expired');
  const member = await findActiveUser(ctx.db, row.userId);
  if (!member) throw new AppError('invalid_link');
  const [open] = await ctx.db
    .select({ id: emailChanges.id })
    .from(emailChanges)
    .where(pending(member.id))
    .limit(1);
  if (!open && member.email === row.oldEmail) return;
  if (member.email !== row.oldEmail && (await heldByAnother(ctx, row.oldEmail, member.id))) {
    throw new AppError('conflict');
  }
  await ctx.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ email: row.oldEmail, updatedAt: new Date() })
      .where(and(eq(users.id, member.id), ne(users.email, row.oldEmail)));
    await tx
      .update(emailChanges)
      .set({ cancelledAt: sql`coalesce(${emailChanges.cancelledAt}, now())` })
      .where(and(eq(emailChanges.userId, member.id), isNull(emailChanges.cancelledAt)));
  });
  await revokeAllSessions(ctx.db, member.id, 'email_change_undone');
  await endMemberLive(ctx, member.id);
}
