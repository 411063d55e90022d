import type { Connection } from './connection.ts';
import { type ServerContext, sendFramedTo } from './server-context.ts';
import { textFrame } from './ws-frame.ts';

/** Local half of a publish: the frame was serialised once, every subscriber gets the same bytes. */
export function deliverLocally(
  ctx: ServerContext,
  channel: string,
  frame: Buffer,
  exceptSocketId: string | undefined,
): void {
  const local = ctx.registry.get(channel);
  if (!local || local.members.size === 0) return;
  const framed = textFrame(frame);
  for (const connection of local.members) {
    if (connection.socketId !== exceptSocketId) sendFramedTo(ctx, connection, framed);
  }
}

/** This node's sockets holding (or requesting) a subscription to a channel starting with `prefix`. */
export function subscribersByPrefix(ctx: ServerContext, prefix: string): Connection[] {
  const found: Connection[] = [];
  for (const connection of ctx.connections) {
    if (!connection.subscriptions) continue;
    for (const channel of connection.subscriptions.keys()) {
      if (channel.startsWith(prefix)) {
        found.push(connection);
        break;
      }
    }
  }
  return found;
}
