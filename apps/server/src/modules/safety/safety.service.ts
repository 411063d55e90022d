import { FriendStatus } from '@trostnetz/contracts/friendship';
import type { BlockEntry } from '@trostnetz/contracts/safety';
import { and, desc, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { isPairOf } from '../../db/pair-side.ts';
import { partnerships } from '../../db/schema/partnerships.ts';
import { blocks, reports } from '../../db/schema/safety.ts';
import { users } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { goneColumns, knownMember, shownAs } from '../../policies/members.ts';
import { closeConversationChannel } from '../chat/chat.service.ts';
import { forgetNotificationsBetween } from '../notifications/notifications.service.ts';
import { notify, unreadCount } from '../notifications/notifier.ts';
import { forgetWordsBetween } from '../partners/words.ts';
import { forgetWatchingBetween } from '../watchlist/watchlist.service.ts';

export async function listBlocks(db: Db, me: number): Promise<BlockEntry[]> {
  const rows = await db
    .select({
      id: blocks.id,
      userId: blocks.blockedId,
      nickname: users.nickname,
      avatar: users.avatar,
      ...goneColumns,
      createdAt: blocks.createdAt,
    })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, me))
    .orderBy(desc(blocks.createdAt));
  return rows.map((r) => ({
    id: r.id,
    userId: r.userId,
    ...shownAs(r),
    created_at: r.createdAt.toISOString(),
  }));
}

/**
 * Hiding someone removes them from suggestions, partner list, watchlist and notifications in both
 * directions and ends a friendship or request silently: the hidden member is never told.
 */
export async function hideMember(ctx: AppContext, me: number, otherId: number): Promise<BlockEntry> {
  if (!(await knownMember(ctx.db, me, otherId))) throw new AppError('not_found');
  const now = new Date();
  const pair = await ctx.db.transaction(async (tx) => {
    await tx.insert(blocks).values({ blockerId: me, blockedId: otherId }).onConflictDoNothing();
    await forgetWatchingBetween(tx, me, otherId);
    await forgetNotificationsBetween(tx, me, otherId);
    await forgetWordsBetween(tx, me, otherId);
    const [row] = await tx
      .update(partnerships)
      .set({
        statusLow: FriendStatus.none,
        statusHigh: FriendStatus.none,
        dismissedLowAt: now,
        dismissedHighAt: now,
        requestMessage: null,
        requestedAt: null,
        updatedAt: now,
      })
      .where(isPairOf(me, otherId))
      .returning({ id: partnerships.id });
    return row;
  });
  // Committed: end their live conversation channel now (/pusher/auth refuses both from here on).
  if (pair) closeConversationChannel(ctx, pair.id);
  // The member's other tabs: the bell counts without what named the hidden member (who is never told).
  ctx.broadcaster.toMember(me, 'friend_requests_changed', 'NotificationsChanged', {
    unread: await unreadCount(ctx.db, me),
  });
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
 * Stored whether or not the target exists or is visible to the reporter, and answered alike (the
 * receipt too), so a report never tells whether an id is an account (moderators see a missing target
 * as such).
 */
export async function reportProfile(
  ctx: AppContext,
  me: number,
  input: { id: number; reason: string; details?: string },
) {
  if (input.id === me) throw new AppError('not_found');
  const [row] = await ctx.db
    .insert(reports)
    .values({
      reporterId: me,
      targetType: 'profile',
      targetId: input.id,
      reason: input.reason,
      details: input.details || null,
    })
    .returning({ id: reports.id, status: reports.status });
  // DSA Art. 16(4): a receipt at once, in the app and by mail, naming neither who nor what.
  await notify(ctx, me, 'report_received', { actorId: null, reportId: row!.id });
  return row!;
}
