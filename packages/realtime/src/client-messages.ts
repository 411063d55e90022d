import type { RawData } from 'ws';
import { relayClientEvent } from './client-events.ts';
import type { Connection } from './connection.ts';
import { encodeError, encodeFrame } from './frames.ts';
import { errorCodes } from './protocol-codes.ts';
import { type ServerContext, sendTo } from './server-context.ts';
import { subscribe, unsubscribe } from './subscriptions.ts';

function asRecord(value: unknown): Record<string, unknown> {
  if (typeof value === 'string') {
    // Some clients send data as JSON text rather than an object.
    let parsed: unknown = null;
    try {
      parsed = JSON.parse(value);
    } catch {
      // Not JSON: no fields.
    }
    return asRecord(parsed);
  }
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
}

function invalid(ctx: ServerContext, connection: Connection, message: string): void {
  sendTo(ctx, connection, encodeError(errorCodes.invalidMessage, message));
}

/** One client frame. Malformed input gets a pusher:error and never throws. */
export function handleClientMessage(
  ctx: ServerContext,
  connection: Connection,
  raw: RawData,
  isBinary: boolean,
): void {
  // Frames can still arrive after we started closing; a subscribe then would outlive the teardown.
  if (connection.closed) return;
  connection.lastSeen = Date.now();
  connection.pingSentAt = 0;
  if (isBinary) {
    invalid(ctx, connection, 'Only text frames are accepted');
    return;
  }
  let message: unknown;
  try {
    message = JSON.parse(raw.toString());
  } catch {
    invalid(ctx, connection, 'Invalid JSON');
    return;
  }
  // A number, string or boolean has no `event` either: only null needs its own check.
  if (message === null || typeof (message as { event?: unknown }).event !== 'string') {
    invalid(ctx, connection, 'A message needs an event name');
    return;
  }
  const { event, data, channel } = message as { event: string; data?: unknown; channel?: unknown };
  switch (event) {
    case 'pusher:ping':
      sendTo(ctx, connection, encodeFrame('pusher:pong', '{}'));
      return;
    case 'pusher:pong':
      return;
    case 'pusher:subscribe':
      subscribe(ctx, connection, asRecord(data));
      return;
    case 'pusher:unsubscribe':
      unsubscribe(ctx, connection, asRecord(data).channel);
      return;
    default:
      if (event.startsWith('client-')) relayClientEvent(ctx, connection, event, channel, data);
      else invalid(ctx, connection, `Unsupported event ${event.slice(0, 200)}`);
  }
}
