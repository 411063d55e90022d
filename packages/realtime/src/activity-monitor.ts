import { encodeFrame } from './frames.ts';
import { closeCodes } from './protocol-codes.ts';
import type { ServerContext } from './server-context.ts';
import { sendTo } from './server-context.ts';

const PING = encodeFrame('pusher:ping', '{}');

/**
 * One interval for all sockets instead of a timer each: a silent socket gets pusher:ping after the
 * activity timeout and is closed with 4201 when no frame follows within the pong timeout. A socket that
 * has subscribed to no channel `subscribeTimeoutSec` after it opened is closed with 4200.
 */
export function startActivityMonitor(ctx: ServerContext): () => void {
  const activityMs = ctx.limits.activityTimeoutSec * 1000;
  const pongMs = ctx.limits.pongTimeoutMs;
  const subscribeMs = ctx.limits.subscribeTimeoutSec * 1000;
  const tickMs = Math.max(50, Math.min(1000, Math.floor(Math.min(activityMs, pongMs, subscribeMs) / 4)));
  const timer = setInterval(() => {
    const now = Date.now();
    for (const connection of ctx.connections) {
      if (connection.subscriptions === null && now - connection.openedAt >= subscribeMs) {
        // Holds a place without listening to anything: the place goes back (pusher-js reconnects).
        ctx.closeConnection(connection, closeCodes.reconnect, 'No channel subscribed in time');
      } else if (connection.pingSentAt !== 0) {
        if (now - connection.pingSentAt >= pongMs) {
          ctx.closeConnection(connection, closeCodes.pongTimeout, 'Pong reply not received');
        }
      } else if (now - connection.lastSeen >= activityMs) {
        connection.pingSentAt = now;
        sendTo(ctx, connection, PING);
      }
    }
  }, tickMs);
  timer.unref();
  return () => clearInterval(timer);
}
