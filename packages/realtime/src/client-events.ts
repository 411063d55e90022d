import { channelKind, isValidEventName } from './channel-name.ts';
import type { Connection } from './connection.ts';
import { encodeError } from './frames.ts';
import { errorCodes } from './protocol-codes.ts';
import { publish, type ServerContext, sendTo, track } from './server-context.ts';

function reject(ctx: ServerContext, connection: Connection, code: number, message: string): void {
  sendTo(ctx, connection, encodeError(code, message));
}

/** Fixed one-second window: cheap, one number pair per socket, good enough against flooding. */
function withinRate(connection: Connection, perSecond: number, now: number): boolean {
  if (now - connection.eventWindowStart >= 1000) {
    connection.eventWindowStart = now;
    connection.eventsInWindow = 0;
  }
  connection.eventsInWindow++;
  return connection.eventsInWindow <= perSecond;
}

const parsed = (payload: string): unknown => {
  try {
    return JSON.parse(payload);
  } catch {
    return payload;
  }
};

/** `client-*` events: relayed to the other subscribers of a private or presence channel. */
export function relayClientEvent(
  ctx: ServerContext,
  connection: Connection,
  event: string,
  channel: unknown,
  data: unknown,
): void {
  if (typeof channel !== 'string' || channelKind(channel) === 'public') {
    reject(
      ctx,
      connection,
      errorCodes.clientEventRejected,
      'Client events need a private or presence channel',
    );
    return;
  }
  const subscription = connection.subscriptions?.get(channel);
  if (!subscription?.active) {
    reject(ctx, connection, errorCodes.clientEventRejected, `Not subscribed to ${channel}`);
    return;
  }
  if (!isValidEventName(event)) {
    reject(ctx, connection, errorCodes.clientEventRejected, 'Event name too long');
    return;
  }
  if (!withinRate(connection, ctx.limits.clientEventsPerSecond, Date.now())) {
    reject(ctx, connection, errorCodes.clientEventRateLimit, 'Client event rate limit exceeded');
    return;
  }
  const payload = typeof data === 'string' ? data : JSON.stringify(data ?? {});
  if (Buffer.byteLength(payload) > ctx.limits.maxEventDataBytes) {
    reject(ctx, connection, errorCodes.clientEventRejected, 'Event data too large');
    return;
  }
  if (
    ctx.allowClientEvent &&
    !ctx.allowClientEvent({ channel, event, data: parsed(payload), userId: subscription.userId })
  ) {
    reject(ctx, connection, errorCodes.clientEventRejected, 'Client event not allowed');
    return;
  }
  const userId = subscription.userId ?? undefined;
  track(ctx, publish(ctx, channel, event, payload, connection.socketId, userId));
}
