import {
  CHANNEL_CLOSED_EVENT,
  type MemberChannelKind,
  memberChannel,
  memberChannels,
} from '@trostnetz/contracts/realtime';
import type { RealtimeServer } from '@trostnetz/realtime/server';
import type { FastifyBaseLogger } from 'fastify';
import Pusher from 'pusher';
import type { Config } from '../../config.ts';

export interface PublishOptions {
  /** The sender's socket, left out of the delivery (its own tab already has the data). */
  socketId?: string;
  event?: string;
}

/** The one way features publish live events to a member (SPEC.md §7 Real-time, private channels). */
export interface Broadcaster {
  /**
   * Publishes the channel's own event (SPEC.md §7) unless `event` names another one on it (e.g.
   * ChatMessagesRead). Call it after the data is committed; it returns at once and never throws.
   */
  toMember(userId: number, kind: MemberChannelKind, payload: unknown, opts?: PublishOptions): void;
  /** Closes the member's sockets (logout, password reset, deletion); clients reconnect with their own auth. */
  disconnectMember(userId: number): Promise<void>;
  /**
   * Ends every subscription to these channels at once, on every node, after CHANNEL_CLOSED_EVENT on
   * each; returns at once and never throws. Only the embedded server can: hosted Pusher, Soketi and
   * Reverb have no such call, so there a subscription made earlier lasts until its socket closes
   * (/pusher/auth still refuses every new one).
   */
  closeChannels(channels: string[]): void;
}

export function createBroadcaster(
  config: Config,
  embedded: RealtimeServer | null,
  log: FastifyBaseLogger,
): Broadcaster {
  // Live delivery is best effort and never holds up the request: the data is already committed, and
  // clients catch up by id after a reconnect. Publishes start in call order; one that fails (Redis or a
  // hosted service unreachable for longer than its retries) is logged, never the request's error.
  const bestEffort = (kind: MemberChannelKind, publish: () => Promise<unknown>) => {
    Promise.resolve()
      .then(publish)
      .catch((err: unknown) => log.warn({ err, kind }, 'realtime publish failed'));
  };
  if (config.realtime.driver === 'embedded' && embedded) {
    return {
      toMember: (userId, kind, payload, opts) =>
        bestEffort(kind, () =>
          embedded.trigger([memberChannel(userId, kind)], opts?.event ?? memberChannels[kind], payload, {
            socketId: opts?.socketId,
          }),
        ),
      disconnectMember: (userId) => embedded.disconnectSubscribers(`private-user_${userId}_`, 4200),
      closeChannels: (channels) => {
        for (const channel of channels) {
          Promise.resolve()
            .then(() => embedded.closeChannel(channel, { event: CHANNEL_CLOSED_EVENT, data: { channel } }))
            .catch((err: unknown) => log.warn({ err, channel }, 'realtime channel close failed'));
        }
      },
    };
  }
  const { realtime } = config;
  const sdk = new Pusher({
    appId: realtime.appId,
    key: realtime.key,
    secret: realtime.secret,
    cluster: realtime.cluster,
    ...(realtime.host ? { host: realtime.host } : {}),
    ...(realtime.port ? { port: String(realtime.port) } : {}),
    useTLS: (realtime.scheme ?? 'https') === 'https',
  });
  return {
    toMember: (userId, kind, payload, opts) =>
      bestEffort(kind, () =>
        sdk.trigger(memberChannel(userId, kind), opts?.event ?? memberChannels[kind], payload, {
          socket_id: opts?.socketId,
        }),
      ),
    async disconnectMember() {
      // Hosted services expose no per-channel disconnect; the revoked session can no longer authorize.
    },
    closeChannels() {
      // No hosted API ends a subscription (see the interface): the limit of REALTIME_DRIVER=pusher.
    },
  };
}
