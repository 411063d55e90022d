import type { PresenceJoinResult, PresenceMember } from './adapters/adapter.ts';
import { verifyChannelAuth } from './auth-signature.ts';
import { channelKind, isValidChannelName } from './channel-name.ts';
import type { LocalChannel } from './channel-registry.ts';
import type { Connection, Subscription } from './connection.ts';
import { encodeError, encodeFrame } from './frames.ts';
import {
  encodeMemberAdded,
  encodeMemberRemoved,
  encodePresenceSnapshot,
  parseChannelData,
} from './presence-data.ts';
import { errorCodes } from './protocol-codes.ts';
import { publish, type ServerContext, sendTo, track } from './server-context.ts';

function refuse(
  ctx: ServerContext,
  connection: Connection,
  channel: string,
  type: string,
  error: string,
  status: number,
): void {
  sendTo(
    ctx,
    connection,
    encodeFrame('pusher:subscription_error', JSON.stringify({ type, error, status }), channel),
  );
}

function isCurrent(connection: Connection, channel: string, subscription: Subscription): boolean {
  return connection.subscriptions?.get(channel) === subscription;
}

function forget(
  ctx: ServerContext,
  connection: Connection,
  channel: string,
  subscription: Subscription,
): boolean {
  if (!isCurrent(connection, channel, subscription)) return false;
  // Stryker disable next-line OptionalChaining: equivalent, isCurrent just found the subscription in this map
  connection.subscriptions?.delete(channel);
  ctx.subscriptionCount--;
  return true;
}

/** pusher:subscribe {channel, auth?, channel_data?} */
export function subscribe(ctx: ServerContext, connection: Connection, data: Record<string, unknown>): void {
  const channel = data.channel;
  if (typeof channel !== 'string') {
    sendTo(ctx, connection, encodeError(errorCodes.invalidMessage, 'pusher:subscribe needs a channel'));
    return;
  }
  if (!isValidChannelName(channel)) {
    refuse(ctx, connection, channel, 'InvalidChannel', 'Invalid channel name', 400);
    return;
  }
  // pusher-js never subscribes twice; a repeat changes nothing.
  if (connection.subscriptions?.has(channel)) return;
  if ((connection.subscriptions?.size ?? 0) >= ctx.limits.maxChannelsPerSocket) {
    refuse(ctx, connection, channel, 'LimitReached', 'Too many channels on this connection', 429);
    return;
  }

  const kind = channelKind(channel);
  const channelData = kind === 'presence' ? data.channel_data : undefined;
  // A private channel is signed over socket_id:channel as on Pusher, whatever else comes along; one signed over
  // its channel_data too names its subscriber (user_id), for the client events an application checks
  // (allowClientEvent), without presence's membership.
  const privateUser =
    kind === 'private' &&
    typeof data.channel_data === 'string' &&
    verifyChannelAuth(ctx.app, connection.socketId, channel, data.auth, data.channel_data)
      ? parseChannelData(data.channel_data)
      : null;
  if (kind !== 'public' && !privateUser) {
    const signedData = typeof channelData === 'string' ? channelData : undefined;
    if (
      (kind === 'presence' && signedData === undefined) ||
      !verifyChannelAuth(ctx.app, connection.socketId, channel, data.auth, signedData)
    ) {
      refuse(ctx, connection, channel, 'AuthError', 'Invalid signature', 401);
      return;
    }
  }
  let member: PresenceMember | null = null;
  if (kind === 'presence') {
    member = parseChannelData(channelData);
    if (!member) {
      refuse(ctx, connection, channel, 'InvalidChannelData', 'channel_data needs a user_id', 400);
      return;
    }
  }

  const subscription: Subscription = { active: false, userId: member?.userId ?? privateUser?.userId ?? null };
  connection.subscriptions ??= new Map();
  connection.subscriptions.set(channel, subscription);
  ctx.subscriptionCount++;
  const local = ctx.registry.hold(channel);
  // The common case (in-process adapter, no presence) completes synchronously, so a client event
  // sent right after the subscribe frame already finds the subscription active.
  if (!local.ready && !member) activate(ctx, connection, channel, local, subscription, '{}');
  else track(ctx, completeSubscription(ctx, connection, channel, local, subscription, member));
}

async function completeSubscription(
  ctx: ServerContext,
  connection: Connection,
  channel: string,
  local: LocalChannel,
  subscription: Subscription,
  member: PresenceMember | null,
): Promise<void> {
  let joined: PresenceJoinResult | null = null;
  try {
    // Once routed (ready is null) this only lets the frames already received run first: a subscribe the
    // client takes back in the same burst never reaches the adapter.
    await local.ready;
    if (member && isCurrent(connection, channel, subscription)) {
      joined = await ctx.adapter.presenceJoin(
        channel,
        connection.socketId,
        member,
        ctx.limits.maxPresenceMembers,
      );
    }
  } catch (error) {
    ctx.registry.abandon(channel, local);
    if (forget(ctx, connection, channel, subscription)) {
      refuse(ctx, connection, channel, 'ServiceUnavailable', 'Realtime backend unavailable', 503);
    }
    throw error;
  }

  if (!isCurrent(connection, channel, subscription)) {
    // Unsubscribed or disconnected while we waited; release() already left presence.
    ctx.registry.abandon(channel, local);
    return;
  }
  if (joined && !joined.ok) {
    ctx.registry.abandon(channel, local);
    forget(ctx, connection, channel, subscription);
    refuse(ctx, connection, channel, 'LimitReached', 'Presence channel is full', 403);
    return;
  }
  activate(
    ctx,
    connection,
    channel,
    local,
    subscription,
    joined ? encodePresenceSnapshot(joined.members) : '{}',
  );
  // Stryker disable next-line OptionalChaining: equivalent, a member always has its join result by now
  if (member && joined?.firstForUser) {
    await publish(
      ctx,
      channel,
      'pusher_internal:member_added',
      encodeMemberAdded(member),
      connection.socketId,
    );
  }
}

function activate(
  ctx: ServerContext,
  connection: Connection,
  channel: string,
  local: LocalChannel,
  subscription: Subscription,
  data: string,
): void {
  ctx.registry.attach(local, connection);
  subscription.active = true;
  sendTo(ctx, connection, encodeFrame('pusher_internal:subscription_succeeded', data, channel));
}

async function leavePresence(ctx: ServerContext, channel: string, socketId: string): Promise<void> {
  const left = await ctx.adapter.presenceLeave(channel, socketId);
  if (left?.lastForUser) {
    await publish(ctx, channel, 'pusher_internal:member_removed', encodeMemberRemoved(left.userId));
  }
}

function release(
  ctx: ServerContext,
  connection: Connection,
  channel: string,
  subscription: Subscription,
): void {
  // Also while the join is still in flight: the leave reaches the adapter after the join and undoes it (or finds
  // nothing), so a join of the next subscription to the channel, sent later still, is never undone by it.
  if (subscription.userId !== null) track(ctx, leavePresence(ctx, channel, connection.socketId));
  // Nothing to detach while pending: completeSubscription gives the channel back.
  ctx.registry.detach(channel, connection);
}

/** pusher:unsubscribe {channel} */
export function unsubscribe(ctx: ServerContext, connection: Connection, channel: unknown): void {
  // Stryker disable next-line ConditionalExpression: equivalent, subscriptions are keyed by string, so any other value finds none below
  if (typeof channel !== 'string') return;
  const subscription = connection.subscriptions?.get(channel);
  if (!subscription) return;
  forget(ctx, connection, channel, subscription);
  release(ctx, connection, channel, subscription);
}

/** Drops every subscription of a socket that is going away. */
export function releaseAll(ctx: ServerContext, connection: Connection): void {
  const subscriptions = connection.subscriptions;
  connection.subscriptions = null;
  if (!subscriptions) return;
  ctx.subscriptionCount -= subscriptions.size;
  for (const [channel, subscription] of subscriptions) release(ctx, connection, channel, subscription);
}

/**
 * Server-side end of a channel on this node: each socket holding (or still setting up) a subscription
 * to exactly `channel` gets `frame` first, then loses the subscription; the socket stays open.
 */
export function closeChannelLocally(ctx: ServerContext, channel: string, frame: string): void {
  for (const connection of ctx.connections) {
    if (!connection.subscriptions?.has(channel)) continue;
    sendTo(ctx, connection, frame);
    unsubscribe(ctx, connection, channel);
  }
}
