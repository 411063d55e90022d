import {
  CHANNEL_CLOSED_EVENT,
  type MemberChannelKind,
  type MemberEventName,
  memberChannel,
  memberChannelExtraEvents,
  memberChannels,
} from '@trostnetz/contracts/realtime';
import type { PublicConfig } from '@trostnetz/contracts/user';
import type { Options } from 'pusher-js';
import { create } from 'zustand';
import { renewTokens } from './api-client.ts';
import { createEventBus } from './event-bus.ts';
import { onAccessTokenChange } from './tokens.ts';

/** Connection states of pusher-js (SPEC.md §4 Live updates). */
export type ConnectionState =
  | 'initialized'
  | 'connecting'
  | 'connected'
  | 'unavailable'
  | 'failed'
  | 'disconnected';

/** Further events bound on member channels (contracts `memberChannelExtraEvents`). */
export type MemberExtraEventName = 'ChatMessagesRead';

/** Payloads stay `unknown` until the features that consume them parse them with their schemas. */
export type RealtimeEvents = Record<MemberEventName | MemberExtraEventName, unknown>;

/** Features subscribe here (`realtimeBus.on('ChatMessageNew', …)`) instead of touching pusher-js. */
export const realtimeBus = createEventBus<RealtimeEvents>();

export const useRealtimeStatus = create<{ state: ConnectionState }>(() => ({ state: 'initialized' }));

/** SPEC.md §7: FriendRequestChanged is received but ignored. */
const IGNORED_EVENTS: ReadonlySet<MemberEventName> = new Set(['FriendRequestChanged']);

type Handler = (data: unknown) => void;
interface ChannelLike {
  bind(event: string, handler: Handler): unknown;
  unbind?(event: string, handler?: Handler): unknown;
  trigger?(event: string, data: unknown): boolean;
}
export interface PusherLike {
  connection: { bind(event: string, handler: Handler): unknown; socket_id?: string };
  subscribe(name: string): ChannelLike;
  unsubscribe(name: string): void;
  disconnect(): void;
}

export interface RealtimeOptions {
  config: PublicConfig['pusher'];
  userId: number;
  token: string;
  /** Called when the connection comes back after having been connected: refetch what was missed. */
  onReconnected?: () => void;
  /** Defaults to pusher-js, loaded on demand so that guests never download it. */
  createClient?: (key: string, options: Options) => PusherLike | Promise<PusherLike>;
}

const loadPusher = async (key: string, options: Options): Promise<PusherLike> => {
  const { default: Pusher } = await import('pusher-js');
  return new Pusher(key, options);
};

export function pusherOptions(
  config: PublicConfig['pusher'],
  headers: Record<string, string>,
  page: Pick<Location, 'hostname' | 'port' | 'protocol'> = window.location,
): Options {
  const tls = config.scheme ? config.scheme === 'https' : page.protocol === 'https:';
  const port = config.port ?? (page.port ? Number(page.port) : tls ? 443 : 80);
  return {
    cluster: config.cluster,
    wsHost: config.host ?? page.hostname,
    wsPort: port,
    wssPort: port,
    forceTLS: tls,
    enabledTransports: ['ws', 'wss'],
    activityTimeout: 120_000,
    pongTimeout: 30_000,
    unavailableTimeout: 10_000,
    authEndpoint: '/pusher/auth',
    // pusher-js keeps this very object, so updating it keeps the header current after renewal.
    auth: { headers },
  };
}

const RETRY_AFTER_AUTH_ERROR_MS = 1_000;

/** Connects, subscribes the member's five private channels; returns the cleanup. */
export function connectRealtime({
  config,
  userId,
  token,
  onReconnected,
  createClient = loadPusher,
}: RealtimeOptions): () => void {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${token}`,
    'ngrok-skip-browser-warning': '1',
    'bypass-tunnel-reminder': '1',
  };
  const stopTokenWatch = onAccessTokenChange((next) => {
    if (next) headers.Authorization = `Bearer ${next}`;
  });
  const timers = new Set<ReturnType<typeof setTimeout>>();
  let client: PusherLike | null = null;
  let channelNames: string[] = [];
  let wasConnected = false;
  let closed = false;

  useRealtimeStatus.setState({ state: 'connecting' });
  const start = (created: PusherLike) => {
    client = created;
    current = created;
    for (const [name, joined] of extraChannels) joined.attach(created, name);
    created.connection.bind('state_change', (change) => {
      const current = (change as { current: ConnectionState }).current;
      if (closed) return;
      useRealtimeStatus.setState({ state: current });
      if (current !== 'connected') return;
      if (wasConnected) onReconnected?.();
      wasConnected = true;
    });
    channelNames = (Object.keys(memberChannels) as MemberChannelKind[]).map((kind) =>
      subscribeMemberChannel(created, memberChannel(userId, kind), memberChannels[kind]),
    );
  };

  const subscribeMemberChannel = (pusher: PusherLike, name: string, event: MemberEventName) => {
    let renewed = false;
    const subscribe = () => {
      const channel = pusher.subscribe(name);
      if (!IGNORED_EVENTS.has(event)) channel.bind(event, (data) => realtimeBus.emit(event, data));
      for (const extra of extraEventsOf(name)) {
        channel.bind(extra, (data) => realtimeBus.emit(extra as MemberExtraEventName, data));
      }
      channel.bind('pusher:subscription_error', (error) => {
        // An expired access token: renew once and subscribe again with the fresh header.
        if ((error as { status?: number })?.status !== 401 || renewed || closed) return;
        renewed = true;
        const timer = setTimeout(() => {
          timers.delete(timer);
          renewTokens()
            .then(() => {
              if (closed) return;
              pusher.unsubscribe(name);
              subscribe();
            })
            .catch(() => {});
        }, RETRY_AFTER_AUTH_ERROR_MS);
        timers.add(timer);
      });
    };
    subscribe();
    return name;
  };

  Promise.resolve(createClient(config.key, pusherOptions(config, headers)))
    .then((created) => {
      if (closed) created.disconnect();
      else start(created);
    })
    .catch(() => {
      if (!closed) useRealtimeStatus.setState({ state: 'failed' });
    });

  return () => {
    closed = true;
    stopTokenWatch();
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    if (client) {
      for (const name of channelNames) client.unsubscribe(name);
      client.disconnect();
    }
    if (current === client) current = null;
    for (const joined of extraChannels.values()) joined.channel = null;
    useRealtimeStatus.setState({ state: 'initialized' });
  };
}

const extraEventsOf = (name: string): readonly string[] => {
  const kind = (Object.keys(memberChannels) as MemberChannelKind[]).find((k) => name.endsWith(`_${k}`));
  return kind ? (memberChannelExtraEvents[kind] ?? []) : [];
};

/** The live client while connected (for extra channels and the X-Socket-Id header). */
let current: PusherLike | null = null;

/** pusher-js's socket id, sent as X-Socket-Id so that the sending tab is not echoed. */
export function currentSocketId(): string | undefined {
  return current?.connection.socket_id ?? undefined;
}

interface JoinedChannel {
  channel: ChannelLike | null;
  handlers: Map<string, Handler>;
  attach: (pusher: PusherLike, name: string) => void;
}
const extraChannels = new Map<string, JoinedChannel>();

export interface ExtraChannel {
  /** A client event (`client-…`); false while not connected. Never echoed to the sender. */
  trigger: (event: string, data: unknown) => boolean;
  leave: () => void;
}

/**
 * Joins a further private channel (e.g. a conversation's `private-chat_{id}` for typing) for as
 * long as the caller needs it; subscribed now or as soon as the member connects.
 */
export function joinChannel(name: string, handlers: Record<string, Handler>): ExtraChannel {
  const joined: JoinedChannel = {
    channel: null,
    handlers: new Map(Object.entries(handlers)),
    attach: (pusher, channelName) => {
      const channel = pusher.subscribe(channelName);
      for (const [event, handler] of joined.handlers) channel.bind(event, handler);
      // The server ended every subscription (a partner hidden or removed, a session ended): subscribe
      // again while still wanted; /pusher/auth lets back in only who may still join.
      channel.bind(CHANNEL_CLOSED_EVENT, () => {
        if (extraChannels.get(channelName) !== joined || joined.channel !== channel) return;
        pusher.unsubscribe(channelName);
        joined.attach(pusher, channelName);
      });
      joined.channel = channel;
    },
  };
  if (extraChannels.has(name)) current?.unsubscribe(name);
  extraChannels.set(name, joined);
  if (current) joined.attach(current, name);
  return {
    trigger: (event, data) => joined.channel?.trigger?.(event, data) ?? false,
    leave: () => {
      if (extraChannels.get(name) !== joined) return;
      extraChannels.delete(name);
      if (joined.channel) {
        for (const [event, handler] of joined.handlers) joined.channel.unbind?.(event, handler);
      }
      current?.unsubscribe(name);
    },
  };
}
