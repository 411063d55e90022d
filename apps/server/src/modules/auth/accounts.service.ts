import type { Locale } from '@trostnetz/contracts/messages';
import { vmsg } from '@trostnetz/contracts/messages';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { passwordResets } from '../../db/schema/sessions.ts';
import type { Member } from '../../db/schema/users.ts';
import { t } from '../../i18n/catalogue.ts';
import { AppError, validationError } from '../../lib/app-error.ts';
import { endMemberLive } from '../chat/chat.service.ts';
import { mailTemplate } from '../mail/templates.ts';
import { notify } from '../notifications/notifier.ts';
import {
  accountsByEmail,
  claimAddressNotice,
  deleteUnverifiedBefore,
  findActiveUser,
  insertUser,
  setPasswordHash,
  verifiedAccountByEmail,
  verifyAndClaimAddress,
} from '../users/users.service.ts';
import { clientInfo } from './client-info.ts';
import { firstMatchingAccount, hashPassword, isWeakPassword, needsRehash } from './passwords.ts';
import { isUnknownClient, revokeAllSessions, startSession } from './sessions.service.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';

/** The one strength check of every place that sets a password (register, reset, change). */
export async function assertStrongPassword(password: string, member: { email: string; nickname: string }) {
  if (await isWeakPassword(password, [member.email, member.nickname])) {
    throw validationError({ password: [vmsg('password_common')] });
  }
}

/**
 * Answers the same whether or not the address is taken (issue 9 item 4): a new unverified account and
 * a session confined to please-verify either way. A new address gets the verification link; for an
 * address a verified account holds, its owner is told instead, and the new account never gets a link.
 */
export async function registerMember(
  ctx: AppContext,
  input: { email: string; password: string; nickname: string; locale: Locale },
): Promise<Member> {
  await assertStrongPassword(input.password, input);
  const row = await insertUser(ctx.db, {
    email: input.email,
    nickname: input.nickname,
    locale: input.locale,
    passwordHash: await hashPassword(input.password),
    termsAccepted: true,
  });
  await sendVerificationMail(ctx, row);
  return row;
}

/** The verification link, or (for an address a verified account holds) a notice to its owner. */
export async function sendVerificationMail(ctx: AppContext, user: Member) {
  const owner = await verifiedAccountByEmail(ctx.db, user.email);
  if (!owner) {
    ctx.mailer.queue(
      mailTemplate('verify', user.locale, ctx.config.appName, user, ctx.links.verificationUrl(user)),
    );
    return;
  }
  if (owner.id === user.id) return;
  if (!(await claimAddressNotice(ctx.db, owner.id, ctx.config.addressNoticeIntervalSec))) return;
  const { appUrl } = ctx.config;
  await notify(ctx, owner.id, 'security', {
    mail: 'addressInUse',
    url: `${appUrl}/login`,
    params: { link: `${appUrl}/forgot-password` },
  });
}

/** How many accounts of one address a login considers (verified first, else the newest unverified). */
export const LOGIN_CANDIDATES = 3;

/**
 * Same answer and the same number of argon2 verifications whether the address is unknown or has one
 * or several accounts (DESIGN.md §8): its verified account, else the newest unverified one whose
 * password matches. Slowed per account after repeated failures, for unknown addresses alike.
 */
export async function checkCredentials(ctx: AppContext, email: string, password: string): Promise<Member> {
  await ctx.loginThrottle.attempt(email);
  const accounts = await accountsByEmail(ctx.db, email, LOGIN_CANDIDATES);
  const user = await ctx.logins.run(() => firstMatchingAccount(accounts, password, LOGIN_CANDIDATES));
  if (!user) throw new AppError('invalid_credentials');
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
  if (user.isVerified) return;
  // Refused while another verified account holds the address (the same answer as a bad link).
  if (!(await verifyAndClaimAddress(ctx.db, user))) throw new AppError('invalid_link');
}

/** Unverified accounts are kept 7 days (issue 9 item 4); the nightly job `unverified-accounts-sweep` runs this. */
export const UNVERIFIED_KEEP_DAYS = 7;
export async function sweepUnverifiedAccounts(ctx: AppContext, now = new Date()): Promise<number[]> {
  return deleteUnverifiedBefore(ctx.db, new Date(now.getTime() - UNVERIFIED_KEEP_DAYS * 86_400_000));
}

/**
 * The forgot-password form only stores this request (the job `auth-password-reset` then runs
 * `sendPasswordReset`): the same one write for every address, so the answer's time does not tell
 * whether an account has it.
 */
export async function requestPasswordReset(ctx: AppContext, email: string) {
  await ctx.jobs.send('auth-password-reset', { email });
}

/**
 * Only ever for the address's verified account, or (if none) its newest unverified one. The link and
 * its mail are stored together, so a retried job never leaves a link nobody was sent.
 */
export async function sendPasswordReset(ctx: AppContext, email: string) {
  const [user] = await accountsByEmail(ctx.db, email, 1);
  if (!user) return;
  const token = newOpaqueToken('pr');
  const url = `${ctx.config.appUrl}/password/reset/${token}`;
  await ctx.db.transaction(async (tx) => {
    await tx.insert(passwordResets).values({
      userId: user.id,
      tokenHash: hashToken(token),
      expiresAt: new Date(Date.now() + ctx.config.tokens.resetTtlSec * 1000),
    });
    await ctx.mailer.queueIn(tx, mailTemplate('reset', user.locale, ctx.config.appName, user, url));
  });
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
  await endMemberLive(ctx, user.id);
}

/**
 * Starts the session of a sign-in; when the member signed in before but never with this browser and
 * system, they are told by mail (what browser, on what system; no address, no place).
 */
export async function signIn(ctx: AppContext, user: Member, userAgent: string | undefined) {
  const unknown = await isUnknownClient(ctx.db, user.id, userAgent);
  const tokens = await startSession(ctx, user.id, userAgent);
  if (unknown) {
    const c = clientInfo(userAgent);
    const unknownText = t(user.locale, 'mail.new_sign_in.unknown');
    const name = `${c.browser ?? unknownText} (${c.os ?? unknownText})`;
    await notify(ctx, user.id, 'security', {
      mail: 'newSignIn',
      url: `${ctx.config.appUrl}/settings`,
      params: { name },
    });
  }
  return tokens;
}
