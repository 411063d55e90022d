import type { NotificationKind } from '@trostnetz/contracts/notifications';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import type { Db } from '../../db/client.ts';
import { notifications, pushSubscriptions } from '../../db/schema/notifications.ts';
import { isGone } from '../../policies/members.ts';
import { findActiveUser } from '../users/users.service.ts';
import { inQuietHours, quietHoursEnd, settingsOf, wants } from './preferences.service.ts';

/** What a notification is about, as the feature that calls `notify` knows it. */
export interface NotifySubject {
  actorId: number | null;
  postId?: number;
  groupId?: number;
}

/** A chat mail waits this long: only when the message is still unread and the member was away as long. */
export const CHAT_MAIL_DELAY_MS = 15 * 60_000;
/** Other mails wait a little, so that what happens together arrives as one mail. */
export const BATCH_MAIL_DELAY_MS = 2 * 60_000;
/** At most one mail per partner (or post) in this time. */
export const MAIL_INTERVAL_MS = 6 * 3600_000;

const groupKeyOf = (kind: NotificationKind, s: NotifySubject) =>
  kind === 'reply' || kind === 'group_post' ? `post:${s.postId}` : `partner:${s.actorId}`;

/** The unread notifications the member sees in the app (the bell's count). */
export async function unreadCount(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(notifications)
    .where(
      and(eq(notifications.userId, userId), eq(notifications.inApp, 'yes'), isNull(notifications.readAt)),
    );
  return row?.n ?? 0;
}

/**
 * The one way a feature tells a member something (issue 13): it names the kind and what happened; the
 * member's choices decide the channels. In the app: stored (occasions of one partner or post count up
 * in one unread row) and the bell updates live. E-mail: the mail job looks later and sends at most one
 * mail for everything waiting. Push: one job per browser. Quiet hours hold mail back and drop pushes.
 */
export async function notify(
  ctx: AppContext,
  memberId: number,
  kind: NotificationKind,
  subject: NotifySubject,
) {
  const member = await findActiveUser(ctx.db, memberId);
  if (!member || isGone(member)) return;
  const settings = await settingsOf(ctx.db, memberId);
  const inApp = wants(settings, kind, 'in_app');
  const email = wants(settings, kind, 'email');
  const push = wants(settings, kind, 'push');
  if (!inApp && !email && !push) return;
  const now = new Date();
  if (inApp || email) {
    await ctx.db
      .insert(notifications)
      .values({
        userId: memberId,
        kind,
        actorId: subject.actorId,
        postId: subject.postId ?? null,
        groupId: subject.groupId ?? null,
        groupKey: groupKeyOf(kind, subject),
        inApp: inApp ? 'yes' : 'no',
        mailState: email ? 'pending' : 'none',
      })
      .onConflictDoUpdate({
        target: [notifications.userId, notifications.kind, notifications.groupKey],
        targetWhere: sql`${notifications.readAt} is null`,
        set: {
          count: sql`${notifications.count} + 1`,
          actorId: subject.actorId,
          updatedAt: now,
          inApp: inApp ? 'yes' : 'no',
          ...(email ? { mailState: 'pending' as const } : {}),
        },
      });
  }
  if (inApp) {
    ctx.broadcaster.toMember(memberId, 'friend_requests_changed', 'NotificationsChanged', {
      unread: await unreadCount(ctx.db, memberId),
    });
  }
  if (email) {
    const delay = kind === 'chat_message' ? CHAT_MAIL_DELAY_MS : BATCH_MAIL_DELAY_MS;
    await scheduleMailCheck(ctx, memberId, new Date(now.getTime() + delay));
  }
  if (push && !inQuietHours(settings, now)) {
    const subs = await ctx.db
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, memberId));
    for (const sub of subs) {
      await ctx.jobs.send('notifications-push', {
        userId: memberId,
        subscriptionId: sub.id,
        kind,
        actorId: subject.actorId,
        postId: subject.postId ?? null,
        groupId: subject.groupId ?? null,
      });
    }
  }
}

/** The mail job looks at the member's waiting notifications at `at` (or when quiet hours end). */
export async function scheduleMailCheck(ctx: AppContext, memberId: number, at: Date) {
  const settings = await settingsOf(ctx.db, memberId);
  const startAfter = inQuietHours(settings, at) ? quietHoursEnd(settings, at) : at;
  // One waiting check per member and moment: a burst of messages stores one job.
  const slot = Math.ceil(startAfter.getTime() / 60_000);
  await ctx.jobs.send(
    'notifications-mail',
    { userId: memberId },
    { startAfter, singletonKey: `${memberId}:${slot}` },
  );
}
