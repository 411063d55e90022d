import type { ChatMuteResponse, MutedChats } from '@trostnetz/contracts/chat-mutes';
import { and, eq, isNull, type SQL, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { sideSql } from '../../db/pair-side.ts';
import { chatMutes } from '../../db/schema/chat.ts';
import { notifications } from '../../db/schema/notifications.ts';
import { partnerships } from '../../db/schema/partnerships.ts';
import { AppError } from '../../lib/app-error.ts';
import { readableConversation } from '../../policies/conversations.ts';
import { unreadCount } from '../notifications/notifier.ts';

/**
 * SQL for the send statement: the recipient (`recipient`) muted the conversation of the message just
 * written (the notifier's `written`). Then the occasion is neither stored nor pushed nor mailed.
 */
export const mutedByRecipient = (recipient: SQL): SQL =>
  sql`exists (select 1 from ${chatMutes} where ${chatMutes.userId} = ${recipient}
    and ${chatMutes.chatId} = (select chat_id from written))`;

/** The partners whose conversations `me` muted. */
export async function mutedPartners(ctx: AppContext, me: number): Promise<MutedChats> {
  const rows = await ctx.db
    .select({ partner: sideSql(me).other })
    .from(chatMutes)
    .innerJoin(partnerships, eq(partnerships.id, chatMutes.chatId))
    .where(eq(chatMutes.userId, me))
    .orderBy(chatMutes.chatId);
  return { partners: rows.map((r) => Number(r.partner)) };
}

/**
 * Mutes or unmutes the conversation with `partner` (one `me` may read, else "not found"). Only `me`'s
 * own rows change: the messages (their read marks above all) and everything the partner gets stay as
 * they are. Muting also settles what the conversation already left waiting for `me`: its unread entry
 * in the notification centre is taken as seen and its mail is not sent.
 */
export async function setMute(
  ctx: AppContext,
  me: number,
  partner: number,
  muted: boolean,
): Promise<ChatMuteResponse> {
  const pair = await readableConversation(ctx.db, me, partner);
  if (!pair) throw new AppError('not_found');
  if (!muted) {
    await ctx.db.delete(chatMutes).where(and(eq(chatMutes.userId, me), eq(chatMutes.chatId, pair.id)));
    return { partner_id: partner, muted: false };
  }
  await ctx.db.insert(chatMutes).values({ userId: me, chatId: pair.id }).onConflictDoNothing();
  const settled = await ctx.db
    .update(notifications)
    .set({
      readAt: new Date(),
      mailState: sql`case when ${notifications.mailState} = 'pending' then 'skipped' else ${notifications.mailState} end`,
    })
    .where(
      and(
        eq(notifications.userId, me),
        eq(notifications.kind, 'chat_message'),
        eq(notifications.groupKey, `partner:${partner}`),
        isNull(notifications.readAt),
      ),
    )
    .returning({ id: notifications.id });
  if (settled.length) {
    ctx.broadcaster.toMember(me, 'friend_requests_changed', 'NotificationsChanged', {
      unread: await unreadCount(ctx.db, me),
    });
  }
  return { partner_id: partner, muted: true };
}
