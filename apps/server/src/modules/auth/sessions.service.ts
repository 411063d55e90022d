import { isStorableText } from '@trostnetz/contracts/fields';
import { and, desc, eq, gt, isNull, lt, ne, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { staffSessions } from '../../db/schema/moderation.ts';
import { refreshTokens, sessions } from '../../db/schema/sessions.ts';
import { memberColumns, users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Tx } from '../../lifecycle/member-data.ts';
import { goneColumns, isGone, present } from '../../policies/members.ts';
import { endMemberLive } from '../chat/chat.service.ts';
import { clientFamily } from './client-info.ts';
import type { SessionCache } from './session-cache.ts';
import { hashToken, newOpaqueToken } from './tokens.ts';

export interface IssuedTokens {
  token: string;
  refresh_token: string;
}

async function issueRefresh(ctx: AppContext, sessionId: string): Promise<string> {
  const refresh = newOpaqueToken('rt');
  await ctx.db.insert(refreshTokens).values({
    sessionId,
    tokenHash: hashToken(refresh),
    expiresAt: new Date(Date.now() + ctx.config.tokens.refreshTtlSec * 1000),
  });
  return refresh;
}

export async function startSession(
  ctx: AppContext,
  userId: number,
  userAgent?: string,
): Promise<IssuedTokens> {
  // Kept for the member's session list; a header the database cannot store is left out, never a 500.
  const agent = userAgent?.slice(0, 300);
  const [session] = await ctx.db
    .insert(sessions)
    .values({
      userId,
      userAgent: agent && isStorableText(agent) ? agent : null,
      clientFamily: clientFamily(agent),
    })
    .returning({ id: sessions.id });
  const sessionId = session!.id;
  return {
    token: await ctx.accessTokens.sign({ userId, sessionId }),
    refresh_token: await issueRefresh(ctx, sessionId),
  };
}

/**
 * Rotation: each refresh token works once. Presenting a used one means it leaked (or raced):
 * the whole family (session) is revoked, ending the session for both holders.
 */
export async function rotateRefreshToken(ctx: AppContext, presented: string): Promise<IssuedTokens> {
  const tokenHash = hashToken(presented);
  const [row] = await ctx.db
    .select({
      id: refreshTokens.id,
      sessionId: refreshTokens.sessionId,
      expiresAt: refreshTokens.expiresAt,
      usedAt: refreshTokens.usedAt,
      revokedAt: sessions.revokedAt,
      userId: sessions.userId,
      ...goneColumns,
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(refreshTokens.tokenHash, tokenHash));
  if (!row || row.revokedAt || isGone(row)) throw new AppError('invalid_token');
  if (row.usedAt) {
    await revokeReusedFamily(ctx, row.sessionId, row.userId);
    throw new AppError('invalid_token');
  }
  if (row.expiresAt.getTime() < Date.now()) throw new AppError('invalid_token');
  const claimed = await ctx.db
    .update(refreshTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
    .returning({ id: refreshTokens.id });
  if (claimed.length === 0) {
    await revokeReusedFamily(ctx, row.sessionId, row.userId);
    throw new AppError('invalid_token');
  }
  await ctx.db.update(sessions).set({ lastUsedAt: new Date() }).where(eq(sessions.id, row.sessionId));
  return {
    token: await ctx.accessTokens.sign({ userId: row.userId, sessionId: row.sessionId }),
    refresh_token: await issueRefresh(ctx, row.sessionId),
  };
}

/** A refresh token presented twice leaked: the session ends, and with it every live channel it holds. */
async function revokeReusedFamily(ctx: AppContext, sessionId: string, userId: number) {
  await revokeSession(ctx.db, sessionId, 'refresh_token_reuse');
  await endMemberLive(ctx, userId);
}

export async function revokeSession(db: Db, sessionId: string, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Every session of the member ends, console sessions included (a password reset, an undone e-mail change). */
export async function revokeAllSessions(db: Db, userId: number, reason: string) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)));
  await endStaffSessionsOf(db, userId);
}

/**
 * Every console session of a member ends. A console session is opened with the member's password, so
 * whatever signs the member out everywhere ends it too (a new password, "sign out everywhere else"),
 * as do a suspension, roles taken and deletion.
 */
export async function endStaffSessionsOf(db: Db | Tx, userId: number) {
  await db
    .update(staffSessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(staffSessions.userId, userId), isNull(staffSessions.revokedAt)));
}

// Stryker disable next-line StringLiteral: the statement's name is never seen; any name (or none) plans the same query
const LOOKUP_STATEMENT = 'member_of_live_session';
function prepareMemberOfLiveSession(db: Db) {
  return db
    .select({ user: memberColumns, lastUsedAt: sessions.lastUsedAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sql.placeholder('sessionId')),
        eq(sessions.userId, sql.placeholder('userId')),
        isNull(sessions.revokedAt),
        present,
      ),
    )
    .prepare(LOOKUP_STATEMENT);
}

// Runs on every authenticated request: built and planned once per database, not per call.
const preparedLookups = new WeakMap<Db, ReturnType<typeof prepareMemberOfLiveSession>>();
function keepLookup(db: Db) {
  const lookup = prepareMemberOfLiveSession(db);
  preparedLookups.set(db, lookup);
  return lookup;
}

/** A session's "last used" moves at most this often, so that most requests write nothing. */
export const LAST_USED_PRECISION_MS = 60_000;

/**
 * One indexed look-up per authenticated request: the live session's member (not deleted), or
 * undefined. Marks the session used when its mark is older than a minute (one write a minute at most).
 * With the node's session cache, a session looked up lately needs no look-up (session-cache.ts).
 */
export async function memberOfLiveSession(db: Db, sessionId: string, userId: number, cache?: SessionCache) {
  const cached = cache?.get(sessionId, userId);
  const ticket = cache?.ticket() ?? 0;
  let member = cached?.member;
  let lastUsedAt = cached?.lastUsedAt ?? 0;
  if (!cached) {
    const lookup = preparedLookups.get(db) ?? keepLookup(db);
    const [row] = await lookup.execute({ sessionId, userId });
    if (!row) return undefined;
    member = row.user;
    lastUsedAt = row.lastUsedAt.getTime();
    cache?.put(ticket, sessionId, userId, row.user, lastUsedAt);
  }
  // One bound for the check here and the guard of the write (a racing request may have moved it).
  const stale = new Date(Date.now() - LAST_USED_PRECISION_MS);
  if (lastUsedAt < stale.getTime()) {
    await db
      .update(sessions)
      .set({ lastUsedAt: new Date() })
      .where(and(eq(sessions.id, sessionId), lt(sessions.lastUsedAt, stale)));
    cache?.touched(sessionId, Date.now());
  }
  return member;
}

/**
 * True when the member signed in before, but never from this browser and system: the sign-in is
 * told by mail. Sessions from before families were stored are judged by their user agent.
 */
export async function isUnknownClient(db: Db, userId: number, userAgent: string | undefined) {
  const family = clientFamily(userAgent?.slice(0, 300));
  const earlier = await db
    .select({ family: sessions.clientFamily, userAgent: sessions.userAgent })
    .from(sessions)
    .where(eq(sessions.userId, userId))
    .orderBy(desc(sessions.createdAt))
    .limit(200);
  if (earlier.length === 0) return false;
  return !earlier.some((s) => (s.family ?? clientFamily(s.userAgent)) === family);
}

/** The member's sessions that can still be used: not ended, refresh token not idle too long. */
export async function liveSessions(ctx: AppContext, userId: number) {
  const idleSince = new Date(Date.now() - ctx.config.tokens.refreshTtlSec * 1000);
  return ctx.db
    .select({
      id: sessions.id,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastUsedAt: sessions.lastUsedAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.lastUsedAt, idleSince)))
    .orderBy(desc(sessions.lastUsedAt));
}

/**
 * Ends one of the member's own sessions; false when there is no live one of theirs with this id
 * (someone else's looks exactly like none). Its sockets close: see endMemberLive.
 */
export async function endOwnSession(ctx: AppContext, userId: number, sessionId: string, reason: string) {
  const ended = await ctx.db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  if (ended.length === 0) return false;
  await endMemberLive(ctx, userId);
  return true;
}

/**
 * Ends every session of the member but this one (and every console session: none of them is this one),
 * and closes their sockets; answers how many of the member's sessions ended.
 */
export async function endOtherSessions(ctx: AppContext, userId: number, keep: string, reason: string) {
  const ended = await ctx.db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keep), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  await endStaffSessionsOf(ctx.db, userId);
  // Every socket of the member closes; those of the kept session reconnect with their still valid auth.
  await endMemberLive(ctx, userId);
  return ended.length;
}
