import type { RealtimeAdapter } from './adapters/adapter.ts';
import type { Connection } from './connection.ts';

export interface LocalChannel {
  readonly members: Set<Connection>;
  /** Subscriptions still being set up; the channel stays while any are in flight. */
  pending: number;
  /** Set while the adapter is still routing the channel to this node. */
  ready: Promise<void> | null;
}

/** This node's channels. A channel exists exactly while it has a member or a pending subscription. */
export class ChannelRegistry {
  readonly channels = new Map<string, LocalChannel>();

  constructor(private readonly adapter: RealtimeAdapter) {}

  get(name: string): LocalChannel | undefined {
    return this.channels.get(name);
  }

  /** Reserves the channel for a subscription in flight; pair with `attach` or `abandon`. */
  hold(name: string): LocalChannel {
    let channel = this.channels.get(name);
    if (!channel) {
      channel = { members: new Set(), pending: 0, ready: null };
      this.channels.set(name, channel);
      const routed = this.adapter.subscribe(name);
      if (routed) {
        const entry = channel;
        entry.ready = routed.then(() => {
          entry.ready = null;
        });
      }
    }
    channel.pending++;
    return channel;
  }

  attach(channel: LocalChannel, connection: Connection): void {
    channel.pending--;
    channel.members.add(connection);
  }

  abandon(name: string, channel: LocalChannel): void {
    channel.pending--;
    this.dropIfEmpty(name, channel);
  }

  detach(name: string, connection: Connection): void {
    const channel = this.channels.get(name);
    if (!channel) return;
    channel.members.delete(connection);
    this.dropIfEmpty(name, channel);
  }

  pendingCount(): number {
    let pending = 0;
    for (const channel of this.channels.values()) pending += channel.pending;
    return pending;
  }

  private dropIfEmpty(name: string, channel: LocalChannel): void {
    if (channel.members.size > 0 || channel.pending > 0) return;
    this.channels.delete(name);
    this.adapter.unsubscribe(name);
  }
}
