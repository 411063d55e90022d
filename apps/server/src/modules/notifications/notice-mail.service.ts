import { pairIsBefriended, pairIsPending } from '@trostnetz/contracts/friendship';
import { and, asc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { isPairOf } from '../../db/pair-side.ts';
import { messages } from '../../db/schema/chat.ts';
import { type NotificationRow, notifications } from '../../db/schema/notifications.ts';
import { partnerships } from '../../db/schema/partnerships.ts';
import { users } from '../../db/schema/users.ts';
import { isGone } from '../../policies/members.ts';
import { findActiveUser } from '../users/users.service.ts';
import { type NoticeLine, noticeMail } from './notification-mail.ts';
import { MAIL_INTERVAL_MS, scheduleMailCheck } from './notifier.ts';
import { inQuietHours, quietHoursEnd, settingsOf, wants } from './preferences.service.ts';

type Verdict = { send: true } | { send: false; skip: true } | { send: false; skip: false; at: Date };

/**
 * One mail for the member's waiting notifications, or none. A chat notice goes out only while the
 * messages are still unread, the member has been away CHAT_MAIL_DELAY_SECONDS (15 minutes), and no
 * mail about that partner went out in the last 6 hours. It tells only what is still true (a request
 * while it waits for the member's answer, an accepted request while the two are partners) and each
 * thing once (see `oncePerThing`). Answers how many mails it stored (0 or 1).
 *
 * "A crash never sends one twice or loses one" (issue 13), as far as SMTP allows. Two steps, each safe
 * to repeat:
 * 1. Here, in one short transaction: lock the pending rows (SKIP LOCKED: a second run or node passes
 *    them by), compose the mail, store it as a `mail-send` job and mark the rows sent. Nothing talks to
 *    the network inside it. A crash before the commit leaves rows pending and no job: the retry of this
 *    job composes the same mail again. After the commit the mail is stored durably and the rows are no
 *    longer pending: no run can compose it a second time, and none can lose it.
 * 2. The `mail-send` job hands it to SMTP (retried with back-off while SMTP is down) and is deleted
 *    once the server has accepted it.
 * What remains is the hand-over itself: between the SMTP server's "250 accepted" and the job's
 * deletion, a crash (or an answer lost on the wire, RFC 1047) leaves the job to be retried, and the
 * mail is handed over a second time. No design on our side closes that gap: SMTP has no idempotent
 * submission, nor a way to ask whether a message arrived, so a sender can only choose between
 * "possibly twice" (mark after the hand-over) and "possibly never" (mark before it). We choose twice:
 * a lost notice is worse than a repeated one, and the repeat is the very same message with the same
 * Message-ID (fixed by its notifications' ids), which mail systems may fold into one; it carries no
 * new link and nothing more. (Talking to SMTP inside the transaction would not narrow that gap, and
 * would hold the rows locked, on the embedded database every other query too, for as long as SMTP
 * takes: up to nodemailer's 2-minute connection timeout.)
 */
export async function sendNoticeMail(ctx: AppContext, userId: number, now = new Date()): Promise<number> {
  const member = await findActiveUser(ctx.db, userId);
  const settings = await settingsOf(ctx.db, userId);
  if (member && !isGone(member) && inQuietHours(settings, now)) {
    await scheduleMailCheck(ctx, userId, quietHoursEnd(settings, now));
    return 0;
  }
  let later: Date | null = null;
  const sent = await ctx.db.transaction(async (tx) => {
    const rows = await tx
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, userId), eq(notifications.mailState, 'pending')))
      .orderBy(asc(notifications.id))
      .for('update', { skipLocked: true });
    if (!rows.length) return 0;
    const due: NotificationRow[] = [];
    const skipped: number[] = [];
    for (const row of rows) {
      const verdict: Verdict =
        !member || isGone(member) || !wants(settings, row.kind, 'email') || !(await stillTrue(tx, row))
          ? { send: false, skip: true }
          : row.kind === 'chat_message'
            ? await chatVerdict(tx, ctx.config.chatMailDelayMs, member.lastSeenAt, row, now)
            : { send: true };
      if (verdict.send) due.push(row);
      else if (verdict.skip) skipped.push(row.id);
      else if (!later || verdict.at < later) later = verdict.at;
    }
    if (skipped.length) {
      await tx.update(notifications).set({ mailState: 'skipped' }).where(inArray(notifications.id, skipped));
    }
    if (!due.length || !member) return 0;
    const actorIds = due.flatMap((r) => (r.actorId ? [r.actorId] : []));
    const actors = actorIds.length
      ? await tx
          .select({
            id: users.id,
            nickname: users.nickname,
            deletedAt: users.deletedAt,
            deletionRequestedAt: users.deletionRequestedAt,
          })
          .from(users)
          .where(inArray(users.id, actorIds))
      : [];
    const nameOf = (id: number | null) => {
      const a = actors.find((x) => x.id === id);
      return a && !isGone(a) ? a.nickname : '';
    };
    const lines: NoticeLine[] = oncePerThing(due).map((r) => ({
      id: r.id,
      kind: r.kind,
      name: nameOf(r.actorId),
      actorId: r.actorId,
      postId: r.postId,
      groupId: r.groupId,
    }));
    // The mail job and the marks commit together (see above): stored and marked, or neither.
    await ctx.mailer.queueIn(tx, noticeMail(ctx.config, member, lines));
    await tx
      .update(notifications)
      .set({ mailState: 'sent', mailedAt: now })
      .where(
        inArray(
          notifications.id,
          due.map((r) => r.id),
        ),
      );
    return 1;
  });
  if (later) await scheduleMailCheck(ctx, userId, later);
  return sent;
}

type Tx = Parameters<Parameters<AppContext['db']['transaction']>[0]>[0];

/**
 * Whether what a friendship notice tells still holds when its mail is composed: a request still waits
 * for the member's answer (not accepted, declined, withdrawn or expired meanwhile), an accepted request
 * still joins the two. Other kinds tell of something that happened and stays so.
 */
async function stillTrue(tx: Tx, row: NotificationRow): Promise<boolean> {
  if (row.kind !== 'friend_request' && row.kind !== 'friend_accepted') return true;
  if (!row.actorId) return false;
  const [pair] = await tx
    .select({
      statusLow: partnerships.statusLow,
      statusHigh: partnerships.statusHigh,
      requestedBy: partnerships.requestedBy,
    })
    .from(partnerships)
    .where(isPairOf(row.userId, row.actorId));
  if (!pair) return false;
  return row.kind === 'friend_request'
    ? pairIsPending(pair.statusLow, pair.statusHigh) && pair.requestedBy === row.actorId
    : pairIsBefriended(pair.statusLow, pair.statusHigh);
}

/**
 * One line per thing: a notification the member read in the app while its mail waited leaves a new
 * unread one for what follows (the same partner's messages, the same post's replies), and both would
 * say the same sentence. The newest of them stands for all; the mail marks every one of them sent.
 */
function oncePerThing(rows: NotificationRow[]): NotificationRow[] {
  const newest = new Map<string, NotificationRow>();
  for (const row of rows) newest.set(`${row.kind} ${row.groupKey}`, row);
  return [...newest.values()];
}

async function chatVerdict(
  tx: Tx,
  delayMs: number,
  lastSeenAt: Date | null,
  row: NotificationRow,
  now: Date,
): Promise<Verdict> {
  if (!row.actorId) return { send: false, skip: true };
  const [unread] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(messages)
    .where(
      and(eq(messages.recipientId, row.userId), eq(messages.senderId, row.actorId), isNull(messages.readAt)),
    );
  if (!unread?.n) return { send: false, skip: true };
  const [recent] = await tx
    .select({ id: notifications.id })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, row.userId),
        eq(notifications.groupKey, row.groupKey),
        gt(notifications.mailedAt, new Date(now.getTime() - MAIL_INTERVAL_MS)),
      ),
    )
    .limit(1);
  if (recent) return { send: false, skip: true };
  const since = Math.max(row.createdAt.getTime(), lastSeenAt?.getTime() ?? 0);
  if (since + delayMs > now.getTime()) return { send: false, skip: false, at: new Date(since + delayMs) };
  return { send: true };
}
