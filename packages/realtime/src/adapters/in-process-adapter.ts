import type {
  AdapterHandlers,
  PresenceJoinResult,
  PresenceLeaveResult,
  PresenceMember,
  RealtimeAdapter,
} from './adapter.ts';

interface PresenceRoster {
  sockets: Map<string, PresenceMember>;
  /** Sockets per user: a user with two tabs is one member. */
  userSockets: Map<string, number>;
}

/** Single-node adapter: publishing is a direct local delivery, presence lives in memory. */
export function createInProcessAdapter(): RealtimeAdapter {
  let handlers: AdapterHandlers | null = null;
  const occupied = new Set<string>();
  const rosters = new Map<string, PresenceRoster>();

  const deliverHere = (channel: string, frame: string, exceptSocketId?: string): void => {
    handlers?.deliver(channel, Buffer.from(frame), exceptSocketId);
  };

  return {
    attach(h) {
      if (handlers) throw new Error('This adapter already belongs to a realtime server');
      handlers = h;
    },
    subscribe(channel) {
      occupied.add(channel);
      return undefined;
    },
    unsubscribe(channel) {
      occupied.delete(channel);
    },
    async publish(channel, frame, exceptSocketId) {
      deliverHere(channel, frame, exceptSocketId);
    },
    async disconnectSubscribers(channelPrefix, code) {
      handlers?.disconnect(channelPrefix, code);
    },
    async closeChannel(channel, frame) {
      handlers?.closeChannel(channel, frame);
    },
    async presenceJoin(channel, socketId, member, maxMembers): Promise<PresenceJoinResult> {
      let roster = rosters.get(channel);
      const firstForUser = !roster?.userSockets.has(member.userId);
      if (firstForUser && roster && roster.userSockets.size >= maxMembers)
        return { ok: false, reason: 'full' };
      if (!roster) {
        roster = { sockets: new Map(), userSockets: new Map() };
        rosters.set(channel, roster);
      }
      if (!roster.sockets.has(socketId)) {
        roster.userSockets.set(member.userId, (roster.userSockets.get(member.userId) ?? 0) + 1);
      }
      roster.sockets.set(socketId, member);
      return { ok: true, firstForUser, members: [...roster.sockets.values()] };
    },
    async presenceLeave(channel, socketId): Promise<PresenceLeaveResult | null> {
      const roster = rosters.get(channel);
      const member = roster?.sockets.get(socketId);
      if (!roster || !member) return null;
      roster.sockets.delete(socketId);
      const remaining = (roster.userSockets.get(member.userId) ?? 1) - 1;
      if (remaining > 0) roster.userSockets.set(member.userId, remaining);
      else roster.userSockets.delete(member.userId);
      if (roster.sockets.size === 0) rosters.delete(channel);
      return { userId: member.userId, lastForUser: remaining === 0 };
    },
    async presenceMembers(channel) {
      return [...(rosters.get(channel)?.sockets.values() ?? [])];
    },
    async occupiedChannels() {
      return [...occupied];
    },
    stats() {
      let presenceSockets = 0;
      let presenceUsers = 0;
      for (const roster of rosters.values()) {
        presenceSockets += roster.sockets.size;
        presenceUsers += roster.userSockets.size;
      }
      return {
        adapterOccupiedChannels: occupied.size,
        adapterPresenceChannels: rosters.size,
        adapterPresenceSockets: presenceSockets,
        adapterPresenceUsers: presenceUsers,
      };
    },
    async close() {
      handlers = null;
      occupied.clear();
      rosters.clear();
    },
  };
}
