import { createCipheriv, createDecipheriv, createHash, randomBytes, randomInt } from 'node:crypto';
import { PERMISSIONS, type Permission } from '@trostnetz/contracts/permissions';
import { and, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import { jwtVerify, SignJWT } from 'jose';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { auditLog, staffCredentials, staffSessions } from '../../db/schema/moderation.ts';
import { type Member, memberColumns, roles, roleUser, users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Tx } from '../../lifecycle/member-data.ts';
import { isGone } from '../../policies/members.ts';
import { permissionsViaRoles } from '../../policies/permissions.ts';
import { checkCredentials } from '../auth/accounts.service.ts';
import { verifyPassword } from '../auth/passwords.ts';
import { notify } from '../notifications/notifier.ts';
import { findActiveUser, passwordHashOf } from '../users/users.service.ts';
import { audit } from './audit.service.ts';
import { activeSuspension } from './suspensions.service.ts';

/** A console session ends after this long without a request … */
export const STAFF_IDLE_MS = 30 * 60_000;
/** … and this long after sign-in at the latest (members' sessions last weeks). */
export const STAFF_ABSOLUTE_MS = 8 * 3600_000;
/** Between the password and the code. */
const CHALLENGE_TTL_SEC = 300;
const RECOVERY_CODES = 10;
const AUDIENCE = 'trostnetz-console';
const ISSUER = 'trostnetz-api';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// ── The TOTP secret, encrypted at rest with a key derived from APP_KEY ───────────────────────────

const secretKey = (appKey: string) => createHash('sha256').update(`totp-secret:${appKey}`).digest();

export function sealSecret(appKey: string, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', secretKey(appKey), iv);
  const body = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [
    'v1',
    iv.toString('base64url'),
    cipher.getAuthTag().toString('base64url'),
    body.toString('base64url'),
  ].join('.');
}

export function openSecret(appKey: string, sealed: string): string {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || !body) throw new Error('staff_credentials: unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', secretKey(appKey), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

const hashCode = (code: string) =>
  createHash('sha256').update(code.replaceAll('-', '').toLowerCase()).digest('hex');

/** Ten recovery codes like `7kq2-m9xd-p4tz`: shown once, stored as hashes, each works once. */
function newRecoveryCodes(): string[] {
  const alphabet = 'abcdefghjkmnpqrstuvwxyz23456789';
  return Array.from({ length: RECOVERY_CODES }, () =>
    Array.from({ length: 3 }, () =>
      Array.from({ length: 4 }, () => alphabet[randomInt(alphabet.length)]).join(''),
    ).join('-'),
  );
}

// ── Who may enter the console ──────────────────────────────────────────────────────────────────

/** SPEC.md §6: a super admin holds every permission; anyone else what their roles grant. */
export async function staffPermissions(
  db: Db,
  member: Pick<Member, 'id' | 'isSuperAdmin'>,
): Promise<Permission[]> {
  if (member.isSuperAdmin) return [...PERMISSIONS];
  const names = await permissionsViaRoles(db, member.id);
  return PERMISSIONS.filter((p) => names.includes(p));
}

export async function roleNames(db: Db, userId: number): Promise<string[]> {
  const rows = await db
    .select({ name: roles.name })
    .from(roleUser)
    .innerJoin(roles, eq(roles.id, roleUser.roleId))
    .where(eq(roleUser.userId, userId));
  return rows.map((r) => r.name).sort();
}

// ── Sign-in: password → challenge → TOTP (or enrolment, or a recovery code) → staff token ─────────

type ChallengeStep = 'enrol' | 'totp';

async function signChallenge(ctx: AppContext, userId: number, step: ChallengeStep) {
  return new SignJWT({ typ: 'staff_challenge', step })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setAudience(AUDIENCE)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(`${CHALLENGE_TTL_SEC}s`)
    .sign(new TextEncoder().encode(ctx.config.jwtSecret));
}

async function readChallenge(ctx: AppContext, challenge: string, step: ChallengeStep): Promise<Member> {
  try {
    const { payload } = await jwtVerify(challenge, new TextEncoder().encode(ctx.config.jwtSecret), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      issuer: ISSUER,
      requiredClaims: ['exp', 'sub'],
    });
    if (
      payload.typ !== 'staff_challenge' ||
      payload.step !== step ||
      !/^[1-9][0-9]{0,15}$/.test(payload.sub ?? '')
    )
      throw new Error('wrong challenge');
    const member = await findActiveUser(ctx.db, Number(payload.sub));
    if (!member || isGone(member) || !(await staffPermissions(ctx.db, member)).length)
      throw new Error('gone');
    return member;
  } catch {
    throw new AppError('staff_challenge_invalid');
  }
}

export type SessionStart =
  | { step: 'enrol'; challenge: string; otpauth_url: string; secret: string }
  | { step: 'totp'; challenge: string };

/**
 * Step 1: e-mail and password (throttled like the members' sign-in). An account without any console
 * permission is refused (403) only after the right password, so the answer tells nobody who is staff.
 */
export async function startStaffSignIn(
  ctx: AppContext,
  email: string,
  password: string,
): Promise<SessionStart> {
  const member = await checkCredentials(ctx, email, password);
  if (!member.isVerified || isGone(member) || !(await staffPermissions(ctx.db, member)).length)
    throw new AppError('forbidden');
  const suspended = await activeSuspension(ctx.db, member.id);
  if (suspended)
    throw new AppError('account_suspended', undefined, undefined, { until: suspended.toISOString() });
  const [cred] = await ctx.db.select().from(staffCredentials).where(eq(staffCredentials.userId, member.id));
  if (cred?.enabledAt) return { step: 'totp', challenge: await signChallenge(ctx, member.id, 'totp') };
  // Not enrolled yet: a new secret each time until the first code confirms one.
  const secret = generateSecret();
  const sealed = sealSecret(ctx.config.appKey, secret);
  await ctx.db
    .insert(staffCredentials)
    .values({ userId: member.id, totpSecret: sealed })
    .onConflictDoUpdate({ target: staffCredentials.userId, set: { totpSecret: sealed, lastStep: 0 } });
  return {
    step: 'enrol',
    challenge: await signChallenge(ctx, member.id, 'enrol'),
    otpauth_url: generateURI({ issuer: ctx.config.appName, label: member.email, secret }),
    secret,
  };
}

/**
 * A code is accepted once: its time step must be later than the last accepted one (a code seen again,
 * even in the same 30 seconds, is a replay). One step of clock drift either way is tolerated.
 */
async function acceptCode(ctx: AppContext, userId: number, code: string, enrolling: boolean) {
  const [cred] = await ctx.db.select().from(staffCredentials).where(eq(staffCredentials.userId, userId));
  if (!cred || Boolean(cred.enabledAt) === enrolling) throw new AppError('staff_challenge_invalid');
  const secret = openSecret(ctx.config.appKey, cred.totpSecret);
  const result = await verifyTotp({ secret, token: code, epochTolerance: 30 });
  if (!result.valid || !('timeStep' in result)) throw new AppError('totp_invalid');
  // Compare-and-set: two requests with the same code cannot both pass.
  const updated = await ctx.db
    .update(staffCredentials)
    .set({ lastStep: result.timeStep, ...(enrolling ? { enabledAt: new Date() } : {}) })
    .where(and(eq(staffCredentials.userId, userId), sql`${staffCredentials.lastStep} < ${result.timeStep}`))
    .returning({ userId: staffCredentials.userId });
  if (!updated.length) throw new AppError('totp_replayed');
}

/** A new console session (after the second factor; tests and the fuzz open one directly). */
export async function openStaffSession(ctx: AppContext, userId: number) {
  const expiresAt = new Date(Date.now() + STAFF_ABSOLUTE_MS);
  const [session] = await ctx.db
    .insert(staffSessions)
    .values({ userId, expiresAt })
    .returning({ id: staffSessions.id });
  const token = await new SignJWT({ typ: 'staff', sid: session!.id })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(userId))
    .setAudience(AUDIENCE)
    .setIssuer(ISSUER)
    .setIssuedAt()
    .setExpirationTime(Math.floor(expiresAt.getTime() / 1000))
    .sign(new TextEncoder().encode(ctx.config.jwtSecret));
  return { token, expires_at: expiresAt.toISOString(), sessionId: session!.id };
}

/** Step 2 the first time: the first code confirms the secret; ten recovery codes are shown once. */
export async function finishEnrolment(ctx: AppContext, challenge: string, code: string) {
  const member = await readChallenge(ctx, challenge, 'enrol');
  await acceptCode(ctx, member.id, code, true);
  const codes = newRecoveryCodes();
  await ctx.db
    .update(staffCredentials)
    .set({ recoveryCodes: codes.map(hashCode) })
    .where(eq(staffCredentials.userId, member.id));
  const session = await openStaffSession(ctx, member.id);
  return { member, session, recovery_codes: codes };
}

/** Step 2: the current code, or one recovery code (used up by this). */
export async function finishTotp(
  ctx: AppContext,
  challenge: string,
  input: { code?: string | undefined; recovery_code?: string | undefined },
) {
  const member = await readChallenge(ctx, challenge, 'totp');
  // Per account as well as per address: guesses from many addresses share one count (429 when slowed).
  const throttleKey = `staff-second-factor:${member.id}`;
  await ctx.loginThrottle.attempt(throttleKey);
  try {
    await checkSecondFactor(ctx, member.id, input);
  } catch (error) {
    if (error instanceof AppError && error.code === 'totp_invalid') await secondFactorFailed(ctx, member.id);
    throw error;
  }
  await ctx.loginThrottle.succeeded(throttleKey);
  return { member, session: await openStaffSession(ctx, member.id) };
}

/** Wrong second-factor codes within this time, since the last sign-in, that bring the owner a mail. */
export const SECOND_FACTOR_FAILURES_MAILED = 5;
const SECOND_FACTOR_FAILURE_WINDOW_MS = 15 * 60_000;

/**
 * A wrong code: one audit row; the SECOND_FACTOR_FAILURES_MAILED-th in a row within the window (since the
 * account's last console sign-in) mails the owner a security notice, once per such run.
 */
async function secondFactorFailed(ctx: AppContext, userId: number) {
  await audit(ctx.db, {
    actorId: userId,
    action: 'staff.second_factor_failed',
    targetType: 'member',
    targetId: userId,
  });
  const since = new Date(Date.now() - SECOND_FACTOR_FAILURE_WINDOW_MS);
  const result = await ctx.db.execute(sql`select count(*)::int as n from ${auditLog} a
    where a.target_id = ${userId} and a.action = 'staff.second_factor_failed' and a.created_at >= ${since.toISOString()}::timestamptz
      and a.id > coalesce((select max(b.id) from ${auditLog} b where b.actor_id = ${userId}
        and b.action in ('staff.signed_in', 'staff.signed_in_recovery_code')), 0)`);
  const failures = Number((result.rows[0] as { n: number } | undefined)?.n ?? 0);
  if (failures === SECOND_FACTOR_FAILURES_MAILED) {
    await notify(ctx, userId, 'security', {
      mail: 'secondFactorFailures',
      url: `${ctx.config.appUrl}/nova/login`,
    });
  }
}

async function checkSecondFactor(
  ctx: AppContext,
  userId: number,
  input: { code?: string | undefined; recovery_code?: string | undefined },
) {
  const member = { id: userId };
  if (input.code) {
    await acceptCode(ctx, member.id, input.code, false);
  } else {
    const hash = hashCode(input.recovery_code ?? '');
    const used = await ctx.db
      .update(staffCredentials)
      .set({ recoveryCodes: sql`array_remove(${staffCredentials.recoveryCodes}, ${hash})` })
      .where(
        and(eq(staffCredentials.userId, member.id), sql`${hash} = any(${staffCredentials.recoveryCodes})`),
      )
      .returning({ userId: staffCredentials.userId });
    if (!used.length) throw new AppError('totp_invalid');
  }
}

// ── Every console request ───────────────────────────────────────────────────────────────────────

export interface StaffClaims {
  userId: number;
  sessionId: string;
}

export async function readStaffToken(ctx: AppContext, token: string): Promise<StaffClaims | null> {
  try {
    const { payload } = await jwtVerify(token, new TextEncoder().encode(ctx.config.jwtSecret), {
      algorithms: ['HS256'],
      audience: AUDIENCE,
      issuer: ISSUER,
      requiredClaims: ['exp', 'iat', 'sub'],
    });
    const { typ, sid, sub } = payload;
    if (
      typ !== 'staff' ||
      typeof sid !== 'string' ||
      !UUID.test(sid) ||
      !/^[1-9][0-9]{0,15}$/.test(sub ?? '')
    )
      return null;
    return { userId: Number(sub), sessionId: sid };
  } catch {
    return null;
  }
}

/**
 * The member behind a live console session (not revoked, not idle for 30 minutes, within 8 hours of
 * the sign-in, account present and not suspended), marking it used; else undefined.
 */
export async function staffOfLiveSession(ctx: AppContext, claims: StaffClaims): Promise<Member | undefined> {
  const now = Date.now();
  const [row] = await ctx.db
    .update(staffSessions)
    .set({ lastUsedAt: new Date(now) })
    .where(
      and(
        eq(staffSessions.id, claims.sessionId),
        eq(staffSessions.userId, claims.userId),
        isNull(staffSessions.revokedAt),
        gt(staffSessions.expiresAt, new Date(now)),
        gt(staffSessions.lastUsedAt, new Date(now - STAFF_IDLE_MS)),
      ),
    )
    .returning({ userId: staffSessions.userId });
  if (!row) return undefined;
  const [member] = await ctx.db
    .select(memberColumns)
    .from(users)
    .where(and(eq(users.id, row.userId), isNull(users.deletedAt), isNull(users.deletionRequestedAt)));
  if (!member || (await activeSuspension(ctx.db, member.id))) return undefined;
  return member;
}

export async function endStaffSession(db: Db, sessionId: string) {
  await db.update(staffSessions).set({ revokedAt: new Date() }).where(eq(staffSessions.id, sessionId));
}

/**
 * Takes a staff member's confirmed second factor away (secret and recovery codes): their next sign-in
 * enrols again. False when they had none to take.
 */
export async function dropSecondFactor(tx: Db | Tx, userId: number): Promise<boolean> {
  const dropped = await tx
    .delete(staffCredentials)
    .where(and(eq(staffCredentials.userId, userId), isNotNull(staffCredentials.enabledAt)))
    .returning({ userId: staffCredentials.userId });
  return dropped.length > 0;
}

/** Destructive actions ask for the password again: 403 reauth_required when it is wrong. */
export async function confirmPassword(db: Db, member: Member, password: string) {
  if (!(await verifyPassword(await passwordHashOf(db, member.id), password)))
    throw new AppError('reauth_required');
}
