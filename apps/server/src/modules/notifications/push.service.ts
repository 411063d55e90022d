import type https from 'node:https';
import { vmsg } from '@trostnetz/contracts/messages';
import type { NotificationKind, PushPayload } from '@trostnetz/contracts/notifications';
import { and, eq } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';
import { pushSubscriptions } from '../../db/schema/notifications.ts';
import { fill, type TextKey } from '../../i18n/catalogue.ts';
import { validationError } from '../../lib/app-error.ts';
import { isGone } from '../../policies/members.ts';
import { findActiveUser } from '../users/users.service.ts';
import { noticeLine, urlOf } from './notification-mail.ts';
import { isAllowedEndpoint, PUSH_TIMEOUT_MS, publicOnlyAgent } from './push-endpoint.ts';

/**
 * Stores a browser's subscription for the member (an endpoint moves to whoever subscribed last). Only a
 * public https push service is taken (push-endpoint.ts); anything else is 422 on `endpoint`.
 */
export async function subscribePush(
  ctx: AppContext,
  userId: number,
  sub: { endpoint: string; keys: { p256dh: string; auth: string } },
) {
  if (!(await isAllowedEndpoint(sub.endpoint, ctx.config.pushLoopbackAllowed))) {
    throw validationError({ endpoint: [vmsg('invalid')] });
  }
  const values = { userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth };
  await ctx.db
    .insert(pushSubscriptions)
    .values(values)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values });
}

export async function unsubscribePush(ctx: AppContext, userId: number, endpoint: string) {
  await ctx.db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

const agents = new Map<boolean, https.Agent>();
/** One connection pool per process, each connection to a checked public address. */
const agentFor = (loopbackAllowed: boolean) => {
  const known = agents.get(loopbackAllowed);
  if (known) return known;
  const agent = publicOnlyAgent(loopbackAllowed);
  agents.set(loopbackAllowed, agent);
  return agent;
};

/** What the push says: who and what kind, and where it leads; never anything written. */
export function pushPayloadOf(
  appName: string,
  locale: 'de' | 'en',
  n: { kind: NotificationKind; actorId: number | null; postId: number | null; groupId: number | null },
  actorName: string,
): PushPayload {
  const who = actorName || fill(locale, 'notify.someone', {});
  const body =
    n.kind === 'chat_message'
      ? fill(locale, 'notify.push.chat_message' as TextKey, { name: who })
      : noticeLine(locale, appName, n.kind, actorName);
  return {
    title: appName,
    body,
    url: urlOf(n),
    partner_id: n.kind === 'chat_message' ? n.actorId : null,
  };
}

/**
 * Sends one push through the browser's push service, encrypted for that browser (web-push, VAPID).
 * A push service answering 404 or 410 has forgotten the subscription: it is removed.
 */
export async function sendPush(
  ctx: AppContext,
  data: {
    userId: number;
    subscriptionId: number;
    kind: NotificationKind;
    actorId: number | null;
    postId: number | null;
    groupId: number | null;
  },
) {
  const [sub] = await ctx.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.id, data.subscriptionId));
  const member = await findActiveUser(ctx.db, data.userId);
  if (!sub || sub.userId !== data.userId || !member || isGone(member)) return;
  const actor = data.actorId ? await findActiveUser(ctx.db, data.actorId) : undefined;
  const payload = pushPayloadOf(
    ctx.config.appName,
    member.locale,
    data,
    actor && !isGone(actor) ? actor.nickname : '',
  );
  const { publicKey, privateKey, subject } = ctx.config.vapid;
  const loopback = ctx.config.pushLoopbackAllowed;
  // Checked again at send time: an endpoint stored before this rule, or one whose name moved since.
  if (!(await isAllowedEndpoint(sub.endpoint, loopback))) {
    ctx.metrics.pushes.inc({ outcome: 'refused' });
    await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
    return;
  }
  // Loaded on the first push, not at start (issue 19: a restart reaches /health in ≤ 3 s).
  const { default: webpush } = await import('web-push');
  try {
    await webpush.sendNotification(
      { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
      JSON.stringify(payload),
      {
        vapidDetails: { subject, publicKey, privateKey },
        TTL: 3600,
        urgency: 'normal',
        agent: agentFor(loopback),
        timeout: PUSH_TIMEOUT_MS,
      },
    );
    ctx.metrics.pushes.inc({ outcome: 'sent' });
  } catch (err) {
    ctx.metrics.pushes.inc({ outcome: 'failed' });
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 404 || status === 410) {
      await ctx.db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, sub.id));
      return;
    }
    throw err;
  }
}
