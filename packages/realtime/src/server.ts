import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, WebSocket, WebSocketServer } from 'ws';
import { startActivityMonitor } from './activity-monitor.ts';
import { createInProcessAdapter } from './adapters/in-process-adapter.ts';
import { isValidChannelName, isValidEventName } from './channel-name.ts';
import { ChannelRegistry } from './channel-registry.ts';
import { handleClientMessage } from './client-messages.ts';
import { Connection } from './connection.ts';
import { deliverLocally, subscribersByPrefix } from './delivery.ts';
import { encodeError, encodeFrame } from './frames.ts';
import { parseAppPath, refusalFor } from './handshake.ts';
import { type HttpApiResponse, handleHttpApi } from './http-api.ts';
import type { HttpApiRequest } from './http-signature.ts';
import { silentLogger } from './logger.ts';
import { defaultLimits, type RealtimeServerOptions } from './options.ts';
import { closeCodes } from './protocol-codes.ts';
import { publishToChannels, type ServerContext, sendTo } from './server-context.ts';
import { createSocketId } from './socket-id.ts';
import { closeChannelLocally, releaseAll } from './subscriptions.ts';

// The public surface lives here so the app imports one file; the types are declared next to their use.
export type { RealtimeAdapter } from './adapters/adapter.ts';
export type { HttpApiResponse } from './http-api.ts';
export type { HttpApiRequest } from './http-signature.ts';
export type { RealtimeLogger } from './logger.ts';
export type {
  ClientEvent,
  RealtimeAppCredentials,
  RealtimeLimits,
  RealtimeServerOptions,
} from './options.ts';

export interface RealtimeServer {
  /** Call from http.Server 'upgrade'; returns false (and does nothing) when the path is not /app/{key}. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): boolean;
  /** POST /apps/{id}/events and /batch_events; GET /apps/{id}/channels, /channels/{name}, /channels/{name}/users. */
  handleHttpApi(req: HttpApiRequest): Promise<HttpApiResponse>;
  /** Publishes through the adapter so every node delivers; `data` that is not a string is JSON-encoded. */
  trigger(channels: string[], event: string, data: unknown, opts?: { socketId?: string }): Promise<void>;
  /** Closes every socket, on every node, subscribed to a channel starting with the prefix (default code 4009: do not reconnect). */
  disconnectSubscribers(channelPrefix: string, code?: number): Promise<void>;
  /**
   * Ends every subscription to exactly this channel, on every node. Each subscriber first receives
   * `notice.event` on the channel (so a client that may still join can subscribe again with a fresh
   * authorisation); its client events on the channel are refused from then on. Sockets stay open.
   */
  closeChannel(channel: string, notice: { event: string; data?: unknown }): Promise<void>;
  stats(): { connections: number; channels: number; [k: string]: number };
  /** Stops accepting, closes every socket with 4200, waits for presence clean-up, closes the adapter. */
  close(): Promise<void>;
}

const SHUTDOWN_GRACE_MS = 2_000;

/** ws' socket with room for our connection (one field of its own, instead of a lookup table). */
class ConnectedSocket extends WebSocket {
  connection: Connection | null = null;
}
const connectionOf = (ws: WebSocket) => (ws as ConnectedSocket).connection;

export function createRealtimeServer(opts: RealtimeServerOptions): RealtimeServer {
  const limits = { ...defaultLimits, ...opts.limits };
  const adapter = opts.adapter ?? createInProcessAdapter();
  const wss = new WebSocketServer({
    noServer: true,
    perMessageDeflate: false,
    maxPayload: limits.maxPayloadBytes,
    clientTracking: false,
    WebSocket: ConnectedSocket,
  });
  let closing = false;
  const clientAddress = opts.clientAddress ?? ((req: IncomingMessage) => req.socket.remoteAddress ?? '');

  const ctx: ServerContext = {
    app: opts.app,
    limits,
    adapter,
    logger: opts.logger ?? silentLogger,
    allowClientEvent: opts.allowClientEvent ?? null,
    registry: new ChannelRegistry(adapter),
    connections: new Set(),
    perAddress: new Map(),
    closingSockets: new Set(),
    inflight: new Set(),
    subscriptionCount: 0,
    // Tearing down first means no further event reaches the socket; ws destroys it if the client
    // never answers the close frame.
    closeConnection(connection, code, reason) {
      teardown(connection);
      closeSocket(connection.ws, code, reason);
    },
  };
  const closeSocket = (ws: WebSocket, code: number, reason: string): void => {
    if (ws.readyState !== WebSocket.OPEN) return;
    ctx.closingSockets.add(ws);
    ws.once('close', () => ctx.closingSockets.delete(ws));
    ws.close(code, reason);
  };
  const teardown = (connection: Connection): void => {
    if (connection.closed) return;
    connection.closed = true;
    ctx.connections.delete(connection);
    const left = (ctx.perAddress.get(connection.address) ?? 1) - 1;
    if (left > 0) ctx.perAddress.set(connection.address, left);
    else ctx.perAddress.delete(connection.address);
    releaseAll(ctx, connection);
  };

  adapter.attach({
    logger: ctx.logger,
    deliver: (channel, frame, exceptSocketId) => deliverLocally(ctx, channel, frame, exceptSocketId),
    disconnect: (prefix, code) => {
      for (const connection of subscribersByPrefix(ctx, prefix)) {
        ctx.closeConnection(connection, code, 'Disconnected by the server');
      }
    },
    closeChannel: (channel, frame) => closeChannelLocally(ctx, channel, frame),
  });
  const stopActivityMonitor = startActivityMonitor(ctx);

  const refuse = (ws: WebSocket, code: number, message: string): void => {
    ws.on('error', () => {});
    ws.send(encodeError(code, message));
    closeSocket(ws, code, message);
  };

  // One set of handlers per server, shared by every socket, which carries its connection: a closure
  // per socket and event cost about 0.3 KB of every idle connection (issue 18).
  function onMessage(this: WebSocket, raw: RawData, isBinary: boolean): void {
    const connection = connectionOf(this);
    if (connection) handleClientMessage(ctx, connection, raw, isBinary);
  }
  function onPong(this: WebSocket): void {
    const connection = connectionOf(this);
    if (!connection) return;
    connection.lastSeen = Date.now();
    connection.pingSentAt = 0;
  }
  function onClose(this: WebSocket): void {
    const connection = connectionOf(this);
    if (connection) teardown(connection);
  }
  function onError(this: WebSocket, error: Error): void {
    ctx.logger.info({ err: error, socketId: connectionOf(this)?.socketId }, 'realtime socket error');
  }

  const accept = (ws: ConnectedSocket, key: string, params: URLSearchParams, address: string): void => {
    const refusal = refusalFor(ctx, key, params, address);
    if (refusal) {
      refuse(ws, ...refusal);
      return;
    }
    const connection = new Connection(ws, createSocketId(), address);
    ws.connection = connection;
    ctx.connections.add(connection);
    ctx.perAddress.set(address, (ctx.perAddress.get(address) ?? 0) + 1);
    ws.on('message', onMessage);
    ws.on('pong', onPong);
    ws.on('close', onClose);
    ws.on('error', onError);
    const established = JSON.stringify({
      socket_id: connection.socketId,
      activity_timeout: limits.activityTimeoutSec,
    });
    sendTo(ctx, connection, encodeFrame('pusher:connection_established', established));
  };

  return {
    handleUpgrade(req, socket, head) {
      const target = parseAppPath(req.url ?? '');
      if (!target) return false;
      if (closing) {
        // A refusal after the handshake would count as a dead transport in pusher-js; a failed
        // upgrade just makes it retry. Node has taken its error handler off an upgraded socket: without one, a
        // client (or proxy) that resets it now would end the whole process.
        socket.on('error', () => {});
        socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
        return true;
      }
      const address = clientAddress(req);
      wss.handleUpgrade(req, socket, head, (ws) =>
        accept(ws as ConnectedSocket, target.key, target.params, address),
      );
      return true;
    },

    handleHttpApi: (req) => handleHttpApi(ctx, req),

    async trigger(channels, event, data, triggerOpts) {
      if (!isValidEventName(event)) throw new TypeError(`Invalid event name: ${event}`);
      for (const channel of channels) {
        if (!isValidChannelName(channel)) throw new TypeError(`Invalid channel name: ${channel}`);
      }
      const payload = typeof data === 'string' ? data : JSON.stringify(data);
      await publishToChannels(ctx, channels, event, payload, triggerOpts?.socketId);
    },

    disconnectSubscribers: (channelPrefix, code = closeCodes.unauthorized) =>
      adapter.disconnectSubscribers(channelPrefix, code),

    async closeChannel(channel, notice) {
      if (!isValidChannelName(channel)) throw new TypeError(`Invalid channel name: ${channel}`);
      if (!isValidEventName(notice.event)) throw new TypeError(`Invalid event name: ${notice.event}`);
      const data = typeof notice.data === 'string' ? notice.data : JSON.stringify(notice.data ?? {});
      await adapter.closeChannel(channel, encodeFrame(notice.event, data, channel));
    },

    stats() {
      let channelMembers = 0;
      for (const channel of ctx.registry.channels.values()) channelMembers += channel.members.size;
      return {
        connections: ctx.connections.size,
        channels: ctx.registry.channels.size,
        channelMembers,
        closingSockets: ctx.closingSockets.size,
        pendingSubscriptions: ctx.registry.pendingCount(),
        subscriptions: ctx.subscriptionCount,
        inflight: ctx.inflight.size,
        ...adapter.stats(),
      };
    },

    async close() {
      if (closing) return;
      closing = true;
      stopActivityMonitor();
      for (const connection of [...ctx.connections]) {
        ctx.closeConnection(connection, closeCodes.reconnect, 'Server shutting down');
      }
      const sockets = [...ctx.closingSockets];
      const allClosed = Promise.all(sockets.map((ws) => new Promise((resolve) => ws.once('close', resolve))));
      let graceTimer: NodeJS.Timeout | undefined;
      await Promise.race([
        allClosed,
        new Promise((resolve) => (graceTimer = setTimeout(resolve, SHUTDOWN_GRACE_MS))),
      ]);
      clearTimeout(graceTimer);
      for (const ws of ctx.closingSockets) ws.terminate();
      while (ctx.inflight.size > 0) await Promise.all(ctx.inflight);
      await adapter.close();
      wss.close();
    },
  };
}
