import type { Writable } from 'node:stream';
import { WebSocket } from 'ws';
import { writeBatched } from './write-batching.ts';

/** A subscription is pending while its channel or presence entry is being set up in the adapter. */
export interface Subscription {
  active: boolean;
  /** Presence channels only: the user_id from channel_data. */
  userId: string | null;
}

const TEXT_FRAME = { binary: false } as const;

/**
 * Per-socket state, deliberately small: at 10,000 idle sockets every field counts.
 * Timers live in the shared activity monitor, not here.
 */
export class Connection {
  lastSeen = Date.now();
  /** 0 while no server ping is outstanding. */
  pingSentAt = 0;
  /** Created on the first subscribe; null again once the socket is torn down. */
  subscriptions: Map<string, Subscription> | null = null;
  eventWindowStart = 0;
  eventsInWindow = 0;
  closed = false;
  readonly openedAt = this.lastSeen;

  constructor(
    readonly ws: WebSocket,
    readonly socketId: string,
    /** The client address it counts against (maxConnectionsPerAddress). */
    readonly address: string,
  ) {}

  get open(): boolean {
    return !this.closed && this.ws.readyState === WebSocket.OPEN;
  }

  /**
   * Returns false when the socket already holds more than `maxBufferedBytes` unsent:
   * the caller closes it rather than letting a slow reader grow our memory.
   */
  send(frame: string, maxBufferedBytes: number): boolean {
    if (this.ws.bufferedAmount > maxBufferedBytes) return false;
    this.ws.send(frame, TEXT_FRAME);
    return true;
  }

  /**
   * Writes a complete pre-built WebSocket frame (see ws-frame.ts) straight to the TCP socket.
   * Safe because ws never queues outgoing frames itself without compression, which is off,
   * so ordering with frames sent through ws.send is kept.
   */
  sendFramed(frame: Buffer, maxBufferedBytes: number): boolean {
    if (this.ws.bufferedAmount > maxBufferedBytes) return false;
    writeBatched((this.ws as unknown as { _socket: Writable })._socket, frame);
    return true;
  }
}
