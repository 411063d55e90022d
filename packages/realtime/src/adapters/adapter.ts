/**
 * What a node needs from the rest of the cluster. The server owns sockets and local channels;
 * the adapter carries events between nodes and holds presence membership for every node.
 */
import type { RealtimeLogger } from '../logger.ts';

export interface AdapterHandlers {
  logger: RealtimeLogger;
  /** Deliver a serialised frame to this node's subscribers of `channel`, except `exceptSocketId`. */
  deliver(channel: string, frame: Buffer, exceptSocketId: string | undefined): void;
  /** Close this node's sockets subscribed to a channel starting with `channelPrefix`. */
  disconnect(channelPrefix: string, code: number): void;
  /** Send `frame` to this node's subscribers of exactly `channel`, then unsubscribe them. */
  closeChannel(channel: string, frame: string): void;
}

export interface PresenceMember {
  userId: string;
  /** user_info as JSON text ("null" when absent). */
  userInfo: string;
}

export type PresenceJoinResult =
  | { ok: true; firstForUser: boolean; members: PresenceMember[] }
  | { ok: false; reason: 'full' };

export interface PresenceLeaveResult {
  userId: string;
  lastForUser: boolean;
}

export interface RealtimeAdapter {
  /** Called once by the server that owns this adapter. */
  attach(handlers: AdapterHandlers): void;
  /** The first local subscriber of `channel` arrived; resolves once its events are routed here. */
  subscribe(channel: string): Promise<void> | undefined;
  /** The last local subscriber of `channel` left. */
  unsubscribe(channel: string): void;
  /** Deliver `frame` to the subscribers of `channel` on every node, this one included. */
  publish(channel: string, frame: string, exceptSocketId?: string): Promise<void>;
  disconnectSubscribers(channelPrefix: string, code: number): Promise<void>;
  /** On every node: the subscribers of exactly `channel` get `frame`, then lose the subscription. */
  closeChannel(channel: string, frame: string): Promise<void>;
  presenceJoin(
    channel: string,
    socketId: string,
    member: PresenceMember,
    maxMembers: number,
  ): Promise<PresenceJoinResult>;
  /** Resolves null when the socket was not a member. */
  presenceLeave(channel: string, socketId: string): Promise<PresenceLeaveResult | null>;
  /** Distinct users of a presence channel across all nodes. */
  presenceMembers(channel: string): Promise<PresenceMember[]>;
  /** Channels with at least one subscriber on any live node. */
  occupiedChannels(): Promise<string[]>;
  /** Sizes of the adapter's own maps and sets (leak checks). */
  stats(): Record<string, number>;
  close(): Promise<void>;
}

/** One entry per user, the last socket's user_info winning, in join order. */
export function distinctMembers(members: Iterable<PresenceMember>): PresenceMember[] {
  const byUser = new Map<string, PresenceMember>();
  for (const member of members) byUser.set(member.userId, member);
  return [...byUser.values()];
}
