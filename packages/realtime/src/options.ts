import type { IncomingMessage } from 'node:http';
import type { RealtimeAdapter } from './adapters/adapter.ts';
import type { RealtimeLogger } from './logger.ts';

export interface RealtimeAppCredentials {
  id: string;
  key: string;
  secret: string;
}

export interface RealtimeLimits {
  /** Largest client frame in bytes; ws closes bigger frames with 1009. */
  maxPayloadBytes: number;
  maxChannelsPerSocket: number;
  /** A socket whose unsent bytes exceed this is closed with 4100 instead of buffering more. */
  maxBufferedBytes: number;
  /** Connections beyond this are refused with 4100 "Over capacity". */
  maxConnections: number;
  /** Connections from one client address beyond this are refused with 4100 "Over capacity" too. */
  maxConnectionsPerAddress: number;
  activityTimeoutSec: number;
  /** A socket that has subscribed to no channel this long after it opened is closed with 4200. */
  subscribeTimeoutSec: number;
  pongTimeoutMs: number;
  /** Client events per socket per second; more are refused with a 4301 error event. */
  clientEventsPerSecond: number;
  /** Bytes of `data` per event, for both the HTTP API and client events (Pusher: 10 KB). */
  maxEventDataBytes: number;
  /** Distinct users per presence channel (Pusher: 100). */
  maxPresenceMembers: number;
}

export const defaultLimits: RealtimeLimits = {
  maxPayloadBytes: 10_240,
  maxChannelsPerSocket: 100,
  maxBufferedBytes: 1_048_576,
  maxConnections: 20_000,
  maxConnectionsPerAddress: 100,
  activityTimeoutSec: 120,
  subscribeTimeoutSec: 120,
  pongTimeoutMs: 30_000,
  clientEventsPerSecond: 10,
  maxEventDataBytes: 10_240,
  maxPresenceMembers: 100,
};

/** A client event as the server received it: the subscription's signed user id (channel_data), if any. */
export interface ClientEvent {
  channel: string;
  event: string;
  data: unknown;
  userId: string | null;
}

export interface RealtimeServerOptions {
  app: RealtimeAppCredentials;
  /**
   * Which client events may pass (after the protocol's own checks): an application allows only the events it
   * uses, with payloads it checks. Without it every `client-*` event on a private channel passes, as on Pusher.
   */
  allowClientEvent?: (event: ClientEvent) => boolean;
  /** Defaults to the in-process adapter (single node). */
  adapter?: RealtimeAdapter;
  limits?: Partial<RealtimeLimits>;
  /** The client address of an upgrade request (behind a proxy: from its header); default the socket's peer. */
  clientAddress?: (req: IncomingMessage) => string;
  logger?: RealtimeLogger;
}
