import { eq } from 'drizzle-orm';
import { notificationSettings, notifications, pushSubscriptions } from '../../db/schema/notifications.ts';
import { defineMemberData } from '../../lifecycle/member-data.ts';

const iso = (d: Date | null) => d?.toISOString() ?? null;

/**
 * A member's notifications, choices and push subscriptions; erased with the member, and where they
 * were the one who did something, others' notifications forget who it was.
 */
export const notificationsData = defineMemberData({
  module: 'notifications',
  tables: ['notifications', 'notification_settings', 'push_subscriptions'],
  async exportMember(ctx, userId) {
    const [rows, settings, subs] = await Promise.all([
      ctx.db.select().from(notifications).where(eq(notifications.userId, userId)),
      ctx.db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId)),
      ctx.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId)),
    ]);
    return {
      notifications: rows.map((r) => ({
        kind: r.kind,
        from_user_id: r.actorId,
        count: r.count,
        created_at: iso(r.createdAt),
        read_at: iso(r.readAt),
        mailed_at: iso(r.mailedAt),
      })),
      settings: settings.map((s) => ({
        choices: s.choices,
        quiet_hours: { start: s.quietStart, end: s.quietEnd },
        time_zone: s.timeZone,
        news_confirmed_at: iso(s.newsConfirmedAt),
      })),
      push_subscriptions: subs.map((s) => ({ endpoint: s.endpoint, created_at: iso(s.createdAt) })),
    };
  },
  async eraseMember(_ctx, userId, tx) {
    await tx.delete(notifications).where(eq(notifications.userId, userId));
    await tx.update(notifications).set({ actorId: null }).where(eq(notifications.actorId, userId));
    await tx.delete(notificationSettings).where(eq(notificationSettings.userId, userId));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  },
});
