import type { BlockEntry, WatchlistEntry } from '@trostnetz/contracts/safety';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { partnerships } from '../../db/schema/matching.ts';
import { blocks, reports, watchlistEntries } from '../../db/schema/safety.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { closeConversationChannel } from '../chat/chat.service.ts';
import { pairKey } from '../partners/pairs.ts';
import { knownMember, notHidden, visibleMember } from '../partners/visibility.ts';

export async function listWatchlist(db: Db, me: number): Promise<WatchlistEntry[]> {
  const p = partnerships;
  const rows = await db
    .select({
      id: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
      about: users.about,
      addedAt: watchlistEntries.createdAt,
      status: sql<number>`coalesce((select case when ${p.userLow} = ${me} then ${p.statusLow} else ${p.statusHigh} end
        from ${p} where ${p.userLow} = least(${me}::bigint, ${users.id}) and ${p.userHigh} = greatest(${me}::bigint, ${users.id})), 3)`,
    })
    .from(watchlistEntries)
    .innerJoin(users, eq(users.id, watchlistEntries.watchedId))
    .where(and(eq(watchlistEntries.userId, me), sql`${users.deletedAt} is null`, notHidden(me, users.id)))
    .orderBy(desc(watchlistEntries.createdAt));
  return rows.map((r) => ({
    id: r.id,
    nickname: r.nickname,
    avatar: r.avatar || null,
    about: r.about,
    friend_status: Number(r.status),
    added_at: r.addedAt.toISOString(),
  }));
}

export async function addToWatchlist(db: Db, me: number, otherId: number) {
  if (!(await visibleMember(db, me, otherId))) throw new AppError('not_found');
  await db.insert(watchlistEntries).values({ userId: me, watchedId: otherId }).onConflictDoNothing();
}

export async function removeFromWatchlist(db: Db, me: number, otherId: number) {
  const removed = await db
    .delete(watchlistEntries)
    .where(and(eq(watchlistEntries.userId, me), eq(watchlistEntries.watchedId, otherId)))
    .returning({ id: watchlistEntries.watchedId });
  if (!removed.length) throw new AppError('not_found');
}

export async function isWatched(db: Db, me: number, otherId: number) {
  const [row] = await db
    .select({ id: watchlistEntries.watchedId })
    .from(watchlistEntries)
    .where(and(eq(watchlistEntries.userId, me), eq(watchlistEntries.watchedId, otherId)));
  return Boolean(row);
}

export async function listBlocks(db: Db, me: number): Promise<BlockEntry[]> {
  const rows = await db
    .select({
      id: blocks.id,
      userId: blocks.blockedId,
      nickname: users.nickname,
      avatar: users.avatar,
      deletedAt: users.deletedAt,
      createdAt: blocks.createdAt,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, me))
    .orderBy(desc(blocks.createdAt));
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    nickname: r.deletedAt ? '' : r.nickname,
    avatar: r.deletedAt ? null : r.avatar || null,
    created_at: r.createdAt.toISOString(),
  }));
}

/**
 * Hiding someone removes them from suggestions, partner list and watchlist in both directions and
 * ends a friendship or request silently: the hidden member is never told.
 */
export async function hideMember(ctx: AppContext, me: number, otherId: number): Promise<BlockEntry> {
  if (!(await knownMember(ctx.db, me, otherId))) throw new AppError('not_found');
  const now = new Date();
  const pair = await ctx.db.transaction(async (tx) => {
    await tx.insert(blocks).values({ blockerId: me, blockedId: otherId }).onConflictDoNothing();
    await tx
      .delete(watchlistEntries)
      .where(
        or(
          and(eq(watchlistEntries.userId, me), eq(watchlistEntries.watchedId, otherId)),
          and(eq(watchlistEntries.userId, otherId), eq(watchlistEntries.watchedId, me)),
        ),
      );
    const { low, high } = pairKey(me, otherId);
    const [row] = await tx
      .update(partnerships)
      .set({
        statusLow: 3,
        statusHigh: 3,
        dismissedLowAt: now,
        dismissedHighAt: now,
        requestMessage: null,
        requestedAt: null,
        updatedAt: now,
      })
      .where(and(eq(partnerships.userLow, low), eq(partnerships.userHigh, high)))
      .returning({ id: partnerships.id });
    return row;
  });
  // Committed: end their live conversation channel now (/pusher/auth refuses both from here on).
  if (pair) closeConversationChannel(ctx, pair.id);
  const entry = (await listBlocks(ctx.db, me)).find((b) => b.userId === otherId);
  if (!entry) throw new AppError('not_found');
  return entry;
}

export async function unhide(db: Db, me: number, blockId: number) {
  const removed = await db
    .delete(blocks)
    .where(and(eq(blocks.id, blockId), eq(blocks.blockerId, me)))
    .returning({ id: blocks.id });
  if (!removed.length) throw new AppError('not_found');
}

/**
 * Stored whether or not the target exists or is visible to the reporter, and answered alike, so a
 * report never tells whether an id is an account (moderators see a missing target as such).
 */
export async function reportProfile(
  db: Db,
  me: number,
  input: { id: number; reason: string; details?: string },
) {
  if (input.id === me) throw new AppError('not_found');
  const [row] = await db
    .insert(reports)
    .values({
      reporterId: me,
      targetType: 'profile',
      targetId: input.id,
      reason: input.reason,
      details: input.details || null,
    })
    .returning({ id: reports.id, status: reports.status });
  return row!;
}
