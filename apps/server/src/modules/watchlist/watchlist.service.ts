import { FriendStatus } from '@trostnetz/contracts/friendship';
import type { WatchlistEntry } from '@trostnetz/contracts/safety';
import { and, desc, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isPairWith, sideSql } from '../../db/pair-side.ts';
import { partnerships } from '../../db/schema/partnerships.ts';
import { users } from '../../db/schema/users.ts';
import { watchlistEntries } from '../../db/schema/watchlist.ts';
import { AppError } from '../../lib/app-error.ts';
import { notHidden, present, visibleMember } from '../../policies/members.ts';

/** The members `me` watches, newest first, with `me`'s friendship status towards each. */
export async function listWatchlist(db: Db, me: number): Promise<WatchlistEntry[]> {
  const rows = await db
    .select({
      id: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
      about: users.about,
      addedAt: watchlistEntries.createdAt,
      status: sql<FriendStatus>`coalesce((select ${sideSql(me).status} from ${partnerships}
        where ${isPairWith(me, users.id)}), ${FriendStatus.none})`,
    })
    .from(watchlistEntries)
    .innerJoin(users, eq(users.id, watchlistEntries.watchedId))
    .where(and(eq(watchlistEntries.userId, me), present, notHidden(me, users.id)))
    .orderBy(desc(watchlistEntries.createdAt));
  return rows.map((r) => ({
    id: r.id,
    nickname: r.nickname,
    avatar: r.avatar || null,
    about: r.about,
    friend_status: Number(r.status) as FriendStatus,
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

/** Hiding ends watching in both directions (inside the hiding's transaction). */
export async function forgetWatchingBetween(db: Pick<Db, 'delete'>, a: number, b: number) {
  await db
    .delete(watchlistEntries)
    .where(
      or(
        and(eq(watchlistEntries.userId, a), eq(watchlistEntries.watchedId, b)),
        and(eq(watchlistEntries.userId, b), eq(watchlistEntries.watchedId, a)),
      ),
    );
}
