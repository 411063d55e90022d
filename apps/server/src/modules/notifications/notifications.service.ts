import type { NotificationItem } from '@trostnetz/contracts/notifications';
import { and, desc, eq, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { friendshipWords } from '../../db/schema/partnerships.ts';
import { users } from '../../db/schema/users.ts';
import { isGone } from '../../policies/members.ts';
import { urlOf } from './notification-mail.ts';
import { unreadCount } from './notifier.ts';

const LIST_SIZE = 50;
/**
 * A notification the member has read is kept this long, then forgotten: the list shows the newest 50, so
 * older read ones would otherwise be stored for nothing (data minimisation, DSGVO Art. 5(1)(c)).
 */
export const READ_NOTIFICATIONS_KEPT_DAYS = 90;

/** The member's notifications in the app, newest first (one row per partner or post while unread). */
export async function listNotifications(ctx: AppContext, userId: number) {
  const rows = await ctx.db
    .select({
      n: notifications,
      actor: {
        id: users.id,
        nickname: users.nickname,
        deletedAt: users.deletedAt,
        deletionRequestedAt: users.deletionRequestedAt,
      },
      words: { action: friendshipWords.action, message: friendshipWords.message },
    })
    .from(notifications)
    .leftJoin(users, eq(users.id, notifications.actorId))
    .leftJoin(friendshipWords, eq(friendshipWords.id, notifications.wordId))
    .where(and(eq(notifications.userId, userId), eq(notifications.inApp, 'yes')))
    .orderBy(desc(notifications.updatedAt), desc(notifications.id))
    .limit(LIST_SIZE);
  const data: NotificationItem[] = rows.map(({ n, actor, words }) => ({
    id: n.id,
    kind: n.kind,
    actor: actor && !isGone(actor) ? { id: actor.id, nickname: actor.nickname } : null,
    count: n.count,
    url: urlOf(n),
    post_id: n.postId,
    // The partner's words at a turning point: in the app only, for the member they were written to.
    words: words?.action && actor && !isGone(actor) ? { action: words.action, message: words.message } : null,
    created_at: n.updatedAt.toISOString(),
    read: n.readAt !== null,
  }));
  return { data, unread: await unreadCount(ctx.db, userId) };
}

/**
 * Hiding someone: neither member's notifications name the other any more, those stored before
 * included (a mail still waiting for them goes with them). New ones are not stored (the notifier's
 * occasion statement asks the hidden list).
 */
export async function forgetNotificationsBetween(db: Pick<Db, 'delete'>, a: number, b: number) {
  await db
    .delete(notifications)
    .where(
      or(
        and(eq(notifications.userId, a), eq(notifications.actorId, b)),
        and(eq(notifications.userId, b), eq(notifications.actorId, a)),
      ),
    );
}

/**
 * A withdrawn request: its notice is gone for the member it was sent to, read or not, with any mail
 * still waiting for it; their bell follows live.
 */
export async function forgetRequestNotice(ctx: AppContext, recipientId: number, requesterId: number) {
  const removed = await ctx.db
    .delete(notifications)
    .where(
      and(
        eq(notifications.userId, recipientId),
        eq(notifications.kind, 'friend_request'),
        eq(notifications.actorId, requesterId),
      ),
    )
    .returning({ id: notifications.id });
  if (!removed.length) return;
  ctx.broadcaster.toMember(recipientId, 'friend_requests_changed', 'NotificationsChanged', {
    unread: await unreadCount(ctx.db, recipientId),
  });
}

/** Marks the given (or all) notifications read; the member's other tabs see the new count live. */
export async function markRead(ctx: AppContext, userId: number, ids: number[] | undefined) {
  await ctx.db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? inArray(notifications.id, ids) : undefined,
      ),
    );
  const unread = await unreadCount(ctx.db, userId);
  ctx.broadcaster.toMember(userId, 'friend_requests_changed', 'NotificationsChanged', { unread });
  return unread;
}

/**
 * Forgets what members read more than READ_NOTIFICATIONS_KEPT_DAYS ago (the nightly job). Unread ones stay,
 * and so does one whose mail is still waiting. Returns how many were removed.
 */
export async function forgetReadNotifications(ctx: AppContext, now = new Date()) {
  const before = new Date(now.getTime() - READ_NOTIFICATIONS_KEPT_DAYS * 86_400_000);
  const removed = await ctx.db
    .delete(notifications)
    .where(and(lt(notifications.readAt, before), ne(notifications.mailState, 'pending')))
    .returning({ id: notifications.id });
  return removed.length;
}
