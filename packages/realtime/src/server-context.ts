import type { WebSocket } from 'ws';
import type { RealtimeAdapter } from './adapters/adapter.ts';
import type { ChannelRegistry } from './channel-registry.ts';
import type { Connection } from './connection.ts';
import { encodeFrame, encodeFrameWithQuotedData } from './frames.ts';
import type { RealtimeLogger } from './logger.ts';
import type { ClientEvent, RealtimeAppCredentials, RealtimeLimits } from './options.ts';
import { closeCodes } from './protocol-codes.ts';

/** Everything the message handlers share; one per server. */
export interface ServerContext {
  readonly app: RealtimeAppCredentials;
  readonly limits: RealtimeLimits;
  readonly adapter: RealtimeAdapter;
  readonly logger: RealtimeLogger;
  readonly allowClientEvent: ((event: ClientEvent) => boolean) | null;
  readonly registry: ChannelRegistry;
  readonly connections: Set<Connection>;
  /** Open connections per client address (this node's). */
  readonly perAddress: Map<string, number>;
  /** Sockets we sent a close frame to and that have not closed yet; close() terminates them. */
  readonly closingSockets: Set<WebSocket>;
  /** Adapter calls still running; close() waits for them so presence leaves are not lost. */
  readonly inflight: Set<Promise<unknown>>;
  subscriptionCount: number;
  /** Server-initiated close: tears the socket down at once, then sends the close frame. */
  closeConnection(connection: Connection, code: number, reason: string): void;
}

export function track(ctx: ServerContext, work: Promise<unknown>): void {
  const settled = work.then(
    () => undefined,
    (error: unknown) => ctx.logger.error({ err: error }, 'realtime adapter call failed'),
  );
  ctx.inflight.add(settled);
  void settled.then(() => ctx.inflight.delete(settled));
}

/** One event to several channels: the data is quoted once, each channel's frame built once. */
export async function publishToChannels(
  ctx: ServerContext,
  channels: string[],
  event: string,
  data: string,
  exceptSocketId?: string,
): Promise<void> {
  const quoted = JSON.stringify(data);
  await Promise.all(
    channels.map((channel) =>
      ctx.adapter.publish(channel, encodeFrameWithQuotedData(event, quoted, channel), exceptSocketId),
    ),
  );
}

/** Serialises once, then hands the frame to the adapter, which delivers on every node. */
export function publish(
  ctx: ServerContext,
  channel: string,
  event: string,
  data: string,
  exceptSocketId?: string,
  userId?: string,
): Promise<void> {
  return ctx.adapter.publish(channel, encodeFrame(event, data, channel, userId), exceptSocketId);
}

/** Sends one frame to one socket, closing it with 4100 when it cannot keep up. */
export function sendTo(ctx: ServerContext, connection: Connection, frame: string): void {
  if (!connection.open) return;
  if (!connection.send(frame, ctx.limits.maxBufferedBytes)) closeSlowConsumer(ctx, connection);
}

/** sendTo for a broadcast: `framed` is a complete WebSocket frame shared by every recipient. */
export function sendFramedTo(ctx: ServerContext, connection: Connection, framed: Buffer): void {
  if (!connection.open) return;
  if (!connection.sendFramed(framed, ctx.limits.maxBufferedBytes)) closeSlowConsumer(ctx, connection);
}

function closeSlowConsumer(ctx: ServerContext, connection: Connection): void {
  ctx.logger.warn({ socketId: connection.socketId }, 'realtime socket too slow, closing');
  ctx.closeConnection(connection, closeCodes.overCapacity, 'Over capacity');
}
