import type { Locale } from '@trostnetz/contracts/messages';
import { vmsg } from '@trostnetz/contracts/messages';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { passwordResets } from '../../db/schema/sessions.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { mailTemplate } from '../mail/templates.ts';
import type { UserRow } from '../users/users.presenter.ts';
import {
  EmailTakenError,
  findActiveUser,
  findActiveUserByEmail,
  insertUser,
  markVerified,
  setPasswordHash,
} from '../users/users.service.ts';
import { dummyPasswordHash, hashPassword, isWeakPassword, needsRehash, verifyPassword } from './passwords.ts';
import { revokeAllSessions } from './sessions.service.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';

/** The one strength check of every place that sets a password (register, reset, change). */
export async function assertStrongPassword(password: string, member: { email: string; nickname: string }) {
  if (await isWeakPassword(password, [member.email, member.nickname])) {
    throw validationError({ password: [vmsg('password_common')] });
  }
}

export async function registerMember(
  ctx: AppContext,
  input: { email: string; password: string; nickname: string; locale: Locale },
): Promise<UserRow> {
  await assertStrongPassword(input.password, input);
  try {
    const row = await insertUser(ctx.db, {
      email: input.email,
      nickname: input.nickname,
      locale: input.locale,
      passwordHash: await hashPassword(input.password),
      termsAccepted: true,
    });
    sendVerificationMail(ctx, row);
    return row;
  } catch (err) {
    if (err instanceof EmailTakenError) throw validationError({ email: [vmsg('email_taken')] });
    throw err;
  }
}

export function sendVerificationMail(ctx: AppContext, user: UserRow) {
  const url = ctx.links.verificationUrl(user);
  ctx.mailer.queue(mailTemplate('verify', user.locale, ctx.config.appName, user, url));
}

/**
 * Same answer and one argon2 verification whether or not the address is known (DESIGN.md §8); slowed
 * per account after repeated failures, for unknown addresses alike.
 */
export async function checkCredentials(ctx: AppContext, email: string, password: string): Promise<UserRow> {
  await ctx.loginThrottle.attempt(email);
  const user = await findActiveUserByEmail(ctx.db, email);
  const ok = await verifyPassword(user?.passwordHash ?? (await dummyPasswordHash()), password);
  if (!user || !ok) throw new AppError('invalid_credentials');
  await ctx.loginThrottle.succeeded(email);
  if (needsRehash(user.passwordHash)) await setPasswordHash(ctx.db, user.id, await hashPassword(password));
  return user;
}

export async function verifyEmail(
  ctx: AppContext,
  input: { userId: number; hash: string; expires: number; signature: string },
) {
  const user = await findActiveUser(ctx.db, input.userId);
  if (!user || !ctx.links.checkVerification(user, input.hash, input.expires, input.signature)) {
    throw new AppError('invalid_link');
  }
  await markVerified(ctx.db, user.id);
}

export async function requestPasswordReset(ctx: AppContext, email: string) {
  const user = await findActiveUserByEmail(ctx.db, email);
  if (!user) return;
  const token = newOpaqueToken('pr');
  await ctx.db.insert(passwordResets).values({
    userId: user.id,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + ctx.config.tokens.resetTtlSec * 1000),
  });
  const url = `${ctx.config.appUrl}/password/reset/${token}`;
  ctx.mailer.queue(mailTemplate('reset', user.locale, ctx.config.appName, user, url));
}

/** Sets the new password, uses up every open reset link and ends all sessions of the member. */
export async function resetPassword(ctx: AppContext, token: string, password: string) {
  const [reset] = await ctx.db
    .select({ id: passwordResets.id, userId: passwordResets.userId })
    .from(passwordResets)
    .where(
      and(
        eq(passwordResets.tokenHash, hashToken(token)),
        isNull(passwordResets.usedAt),
        gt(passwordResets.expiresAt, new Date()),
      ),
    );
  const user = reset && (await findActiveUser(ctx.db, reset.userId));
  if (!user) throw new AppError('invalid_link');
  // A refused password must not use up the link: check before claiming it.
  await assertStrongPassword(password, user);
  const claimed = await ctx.db
    .update(passwordResets)
    .set({ usedAt: new Date() })
    .where(and(eq(passwordResets.userId, user.id), isNull(passwordResets.usedAt)))
    .returning({ id: passwordResets.id });
  if (!claimed.some((c) => c.id === reset.id)) throw new AppError('invalid_link');
  await setPasswordHash(ctx.db, user.id, await hashPassword(password));
  await revokeAllSessions(ctx.db, user.id, 'password_reset');
  await ctx.broadcaster.disconnectMember(user.id);
}
