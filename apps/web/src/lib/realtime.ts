import {
  type MemberChannelKind,
  type MemberEventName,
  memberChannel,
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

/** Payloads stay `unknown` until the features that consume them parse them with their schemas. */
export type RealtimeEvents = Record<MemberEventName, unknown>;

/** Features subscribe here (`realtimeBus.on('ChatMessageNew', …)`) instead of touching pusher-js. */
export const realtimeBus = createEventBus<RealtimeEvents>();

export const useRealtimeStatus = create<{ state: ConnectionState }>(() => ({ state: 'initialized' }));

/** SPEC.md §7: FriendRequestChanged is received but ignored. */
const IGNORED_EVENTS: ReadonlySet<MemberEventName> = new Set(['FriendRequestChanged']);

type Handler = (data: unknown) => void;
interface ChannelLike {
  bind(event: string, handler: Handler): unknown;
}
export interface PusherLike {
  connection: { bind(event: string, handler: Handler): unknown };
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
    useRealtimeStatus.setState({ state: 'initialized' });
  };
}
