import type { Connection } from './connection.ts';
import { type ServerContext, sendTo } from './server-context.ts';

/** Local half of a publish: the frame was serialised once, every subscriber gets the same bytes. */
export function deliverLocally(
  ctx: ServerContext,
  channel: string,
  frame: Buffer,
  exceptSocketId: string | undefined,
): void {
  const local = ctx.registry.get(channel);
  if (!local) return;
  for (const connection of local.members) {
    if (connection.socketId !== exceptSocketId) sendTo(ctx, connection, frame);
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
