import { FriendStatus } from '@trostnetz/contracts/friendship';
import type { WatchlistEntry } from '@trostnetz/contracts/safety';
import { and, desc, eq, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { isPairWith, sideOf } from '../../db/pair-side.ts';
import { partnerships } from '../../db/schema/partnerships.ts';
import { profileSettings } from '../../db/schema/profile.ts';
import { users } from '../../db/schema/users.ts';
import { watchlistEntries } from '../../db/schema/watchlist.ts';
import { AppError } from '../../lib/app-error.ts';
import { notHidden, present, visibleMember } from '../../policies/members.ts';
import { relationOf, shownTexts } from '../../policies/profile.ts';

/**
 * The members `me` watches, newest first, with `me`'s friendship status towards each; the about text only
 * where its owner lets `me` see it (the profile's visibility, as on the profile itself).
 */
export async function listWatchlist(db: Db, me: number): Promise<WatchlistEntry[]> {
  const rows = await db
    .select({
      id: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
      about: users.about,
      visibility: profileSettings.visibility,
      pair: partnerships,
      addedAt: watchlistEntries.createdAt,
    })
    .from(watchlistEntries)
    .innerJoin(users, eq(users.id, watchlistEntries.watchedId))
    .leftJoin(profileSettings, eq(profileSettings.userId, users.id))
    .leftJoin(partnerships, isPairWith(me, users.id))
    .where(and(eq(watchlistEntries.userId, me), present, notHidden(me, users.id)))
    .orderBy(desc(watchlistEntries.createdAt));
  return rows.map((r) => ({
    id: r.id,
    nickname: r.nickname,
    avatar: r.avatar || null,
    about: shownTexts(r.visibility, relationOf(r.pair ?? undefined, me, r.id), {
      motto: null,
      about: r.about,
    }).about,
    friend_status: r.pair ? sideOf(r.pair, me).status : FriendStatus.none,
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
