import {
  CHANNEL_CLOSED_EVENT,
  type ChannelKind,
  type EventName,
  type EventPayload,
  eventSchema,
  type MemberChannelKind,
  memberChannel,
  type TopicChannelKind,
  topicChannel,
} from '@trostnetz/contracts/realtime';
import type { RealtimeServer } from '@trostnetz/realtime/server';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';

export interface PublishOptions {
  /** The sender's socket, left out of the delivery (its own tab already has the data). */
  socketId?: string;
}

/** The one way features publish live events to a member (SPEC.md §7 Real-time, private channels). */
export interface Broadcaster {
  /**
   * Publishes one event of the member channel `kind`, with the payload its schema in contracts'
   * `realtimeEvents` describes (a wrong shape does not compile). Call it after the data is committed;
   * it returns at once. Outside production the payload is checked against the schema and a wrong one
   * throws here; in production nothing is parsed on this hot path and it never throws.
   */
  toMember<K extends MemberChannelKind, E extends EventName<K>>(
    userId: number,
    kind: K,
    event: E,
    payload: EventPayload<K, E>,
    opts?: PublishOptions,
  ): void;
  /**
   * Publishes one event of a group's or a post's news (`kind` with the group's or post's `id`) to each of
   * `readers` on their own channel (`private-user_{reader}_group_{id}`, `…_post_{id}`), checked like
   * toMember. Only the readers get it: whoever may not read the words (a member who hid the author or
   * whom the author hid) is left out by the caller (policies/groups.ts `liveReaders`), not filtered later.
   */
  toReaders<K extends TopicChannelKind, E extends EventName<K>>(
    kind: K,
    id: number,
    readers: readonly number[],
    event: E,
    payload: EventPayload<K, E>,
    opts?: PublishOptions,
  ): void;
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

/** Pusher's HTTP API accepts one event on at most this many channels at once. */
const HOSTED_CHANNELS_PER_TRIGGER = 100;

/** Outside production: the payload must match its schema (a programming error throws at the call). */
function checkedPayload(config: Config, kind: ChannelKind, event: string, payload: unknown) {
  if (config.env === 'production') return;
  const schema = eventSchema(kind, event);
  if (!schema) throw new Error(`realtime: ${kind} carries no event ${event}`);
  schema.parse(payload);
}

export function createBroadcaster(
  config: Config,
  embedded: RealtimeServer | null,
  log: FastifyBaseLogger,
): Broadcaster {
  // Live delivery is best effort and never holds up the request: the data is already committed, and
  // clients catch up by id after a reconnect. Publishes start in call order; one that fails (Redis or a
  // hosted service unreachable for longer than its retries) is logged, never the request's error.
  const bestEffort = (kind: MemberChannelKind | TopicChannelKind, publish: () => Promise<unknown>) => {
    Promise.resolve()
      .then(publish)
      .catch((err: unknown) => log.warn({ err, kind }, 'realtime publish failed'));
  };
  if (config.realtime.driver === 'embedded' && embedded) {
    return {
      toMember: (userId, kind, event, payload, opts) => {
        checkedPayload(config, kind, event, payload);
        bestEffort(kind, () =>
          embedded.trigger([memberChannel(userId, kind)], event, payload, { socketId: opts?.socketId }),
        );
      },
      toReaders: (kind, id, readers, event, payload, opts) => {
        checkedPayload(config, kind, event, payload);
        if (readers.length === 0) return;
        const channels = readers.map((reader) => topicChannel(kind, id, reader));
        bestEffort(kind, () => embedded.trigger(channels, event, payload, { socketId: opts?.socketId }));
      },
      disconnectMember: (userId) => embedded.disconnectSubscribers(`private-user_${userId}_`, 4200),
      closeChannels: (channels) => {
        for (const channel of channels) {
          Promise.resolve()
            .then(() => {
              const data: EventPayload<'chat', typeof CHANNEL_CLOSED_EVENT> = { channel };
              return embedded.closeChannel(channel, { event: CHANNEL_CLOSED_EVENT, data });
            })
            .catch((err: unknown) => log.warn({ err, channel }, 'realtime channel close failed'));
        }
      },
    };
  }
  const { realtime } = config;
  // The SDK loads only when a hosted Pusher-protocol service is configured (not at every start).
  const sdk = import('pusher').then(
    ({ default: Pusher }) =>
      new Pusher({
        appId: realtime.appId,
        key: realtime.key,
        secret: realtime.secret,
        cluster: realtime.cluster,
        ...(realtime.host ? { host: realtime.host } : {}),
        ...(realtime.port ? { port: String(realtime.port) } : {}),
        useTLS: (realtime.scheme ?? 'https') === 'https',
      }),
  );
  return {
    toMember: (userId, kind, event, payload, opts) => {
      checkedPayload(config, kind, event, payload);
      bestEffort(kind, () =>
        sdk.then((p) =>
          p.trigger(memberChannel(userId, kind), event, payload, { socket_id: opts?.socketId }),
        ),
      );
    },
    toReaders: (kind, id, readers, event, payload, opts) => {
      checkedPayload(config, kind, event, payload);
      // The HTTP API takes at most 100 channels per event.
      for (let from = 0; from < readers.length; from += HOSTED_CHANNELS_PER_TRIGGER) {
        const channels = readers
          .slice(from, from + HOSTED_CHANNELS_PER_TRIGGER)
          .map((reader) => topicChannel(kind, id, reader));
        bestEffort(kind, () =>
          sdk.then((p) => p.trigger(channels, event, payload, { socket_id: opts?.socketId })),
        );
      }
    },
    async disconnectMember() {
      // Hosted services expose no per-channel disconnect; the revoked session can no longer authorize.
    },
    closeChannels() {
      // No hosted API ends a subscription (see the interface): the limit of REALTIME_DRIVER=pusher.
    },
  };
}
