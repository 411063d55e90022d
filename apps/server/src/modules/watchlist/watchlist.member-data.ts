import { eq, or } from 'drizzle-orm';
import { watchlistEntries } from '../../db/schema/watchlist.ts';
import { defineMemberData } from '../../lifecycle/member-data.ts';
import { listWatchlist } from './watchlist.service.ts';

/** The member's watchlist, and every entry of others that watches them: both go. */
export const watchlistData = defineMemberData({
  module: 'watchlist',
  tables: ['watchlist_entries'],
  exportMember: (ctx, userId) => listWatchlist(ctx.db, userId),
  async eraseMember(_ctx, userId, tx) {
    await tx
      .delete(watchlistEntries)
      .where(or(eq(watchlistEntries.userId, userId), eq(watchlistEntries.watchedId, userId)));
  },
});
