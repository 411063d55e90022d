import type { EventPayload, MemberEventName, MemberEvents } from '@trostnetz/contracts/realtime';
import { realtimeApi } from '@trostnetz/contracts/realtime.endpoints';
import {
  CHANNEL_CLOSED_EVENT,
  type ChannelKind,
  carriesEvent,
  type EventName,
  type MemberChannelKind,
  memberChannel,
  memberChannelKinds,
  realtimeEventNames,
  type SharedChannelKind,
} from '@trostnetz/contracts/realtime-events';
import type { PublicConfig } from '@trostnetz/contracts/user';
import type { Options } from 'pusher-js';
import { create } from 'zustand';
import { checksAnswers } from './answer.ts';
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

/** Every event of the member channels with its payload, as contracts' `realtimeEvents` describes it. */
export type RealtimeEvents = MemberEvents;

/** Features subscribe here (`realtimeBus.on('ChatMessageNew', …)`) instead of touching pusher-js. */
export const realtimeBus = createEventBus<RealtimeEvents>();

export const useRealtimeStatus = create<{ state: ConnectionState }>(() => ({ state: 'initialized' }));

/** SPEC.md §7: FriendRequestChanged is received but ignored. */
const IGNORED_EVENTS: ReadonlySet<MemberEventName> = new Set(['FriendRequestChanged']);

/**
 * The events' schemas, in development and the tests only (decision 021: the production build trusts the
 * payloads, as the server's broadcaster does, and fetches neither them nor zod). Fetched when a member
 * connects, never with the first screen, and set before the first client exists, so every use below
 * has them.
 */
type Schemas = typeof import('@trostnetz/contracts/realtime');
let schemas: Schemas | null = null;
const loadSchemas = async (): Promise<void> => {
  if (checksAnswers()) schemas ??= await import('@trostnetz/contracts/realtime');
};
const loadedSchemas = (): Schemas => {
  if (!schemas) throw new Error('realtime: the event schemas are not loaded yet');
  return schemas;
};

/**
 * Binds one event of a channel of `kind` to `handler`; an event the kind does not carry is not bound.
 * In development and the tests the payload is parsed by its schema first: one of another shape is
 * dropped and logged, so a screen never sees (or crashes on) a malformed event. Production hands the
 * payload on as the server sent it (decision 021).
 */
function bindParsed(
  channel: ChannelLike,
  kind: ChannelKind,
  event: string,
  handler: (payload: never) => void,
): Handler | null {
  if (!carriesEvent(kind, event)) return null;
  const deliver = handler as (payload: unknown) => void;
  const schema = checksAnswers() ? loadedSchemas().eventSchema(kind, event) : undefined;
  const bound: Handler = schema
    ? (data) => {
        const parsed = schema.safeParse(data);
        if (parsed.success) deliver(parsed.data);
        else console.error(`realtime: dropped a malformed ${event}`, parsed.error.issues);
      }
    : deliver;
  channel.bind(event, bound);
  return bound;
}

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
  /**
   * Called each time the member is live (socket connected and every member channel subscribed): at the
   * first connect and after every reconnect (then also at once when the socket is back). Events
   * published before that moment never reach this client, so whatever was loaded earlier is refetched.
   */
  onLive?: () => void;
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
    authEndpoint: realtimeApi.auth.path,
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
  onLive,
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
  let socketState: ConnectionState = 'connecting';
  const subscribed = new Set<string>();
  let wasConnected = false;
  let live = false;
  let closed = false;

  /** "connected" means live: the socket is up and every member channel subscribed, so no event is lost. */
  const publish = () => {
    if (closed) return;
    const nowLive =
      socketState === 'connected' && channelNames.length > 0 && subscribed.size === channelNames.length;
    useRealtimeStatus.setState({
      state: socketState === 'connected' && !nowLive ? 'connecting' : socketState,
    });
    if (nowLive && !live) onLive?.();
    live = nowLive;
  };

  useRealtimeStatus.setState({ state: 'connecting' });
  const start = (created: PusherLike) => {
    client = created;
    current = created;
    for (const [name, joined] of extraChannels) joined.attach(created, name);
    created.connection.bind('state_change', (change) => {
      socketState = (change as { current: ConnectionState }).current;
      // pusher-js subscribes every channel again after a reconnect.
      if (socketState !== 'connected') subscribed.clear();
      // Back after having been connected: refetch at once too, whether or not the subscriptions
      // will stand (a session ended elsewhere is noticed by the API's 401 and signs out).
      else if (wasConnected) onLive?.();
      if (socketState === 'connected') wasConnected = true;
      publish();
    });
    channelNames = memberChannelKinds.map((kind) => subscribeMemberChannel(created, userId, kind));
  };

  const subscribeMemberChannel = (pusher: PusherLike, userId: number, kind: MemberChannelKind) => {
    const name = memberChannel(userId, kind);
    let renewed = false;
    const subscribe = () => {
      const channel = pusher.subscribe(name);
      channel.bind('pusher:subscription_succeeded', () => {
        subscribed.add(name);
        // A later expired token may be renewed again.
        renewed = false;
        publish();
      });
      for (const event of realtimeEventNames[kind] as readonly MemberEventName[]) {
        if (IGNORED_EVENTS.has(event)) continue;
        bindParsed(channel, kind, event, (payload: MemberEvents[typeof event]) =>
          realtimeBus.emit(event, payload),
        );
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
              subscribed.delete(name);
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

  loadSchemas()
    .then(() => createClient(config.key, pusherOptions(config, headers)))
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

/** The live client while connected (for extra channels and the X-Socket-Id header). */
let current: PusherLike | null = null;

/** pusher-js's socket id, sent as X-Socket-Id so that the sending tab is not echoed. */
export function currentSocketId(): string | undefined {
  return current?.connection.socket_id ?? undefined;
}

/** The events of a shared channel (a conversation, a group, a post) with their payloads. */
type ChannelEvents<K extends SharedChannelKind> = { [E in EventName<K>]: EventPayload<K, E> };
/** What a screen listens to on a shared channel; its end (`ChannelClosed`) is handled here. */
export type ChannelHandlers<K extends SharedChannelKind> = {
  [E in Exclude<EventName<K>, typeof CHANNEL_CLOSED_EVENT>]?: (payload: ChannelEvents<K>[E]) => void;
};
/** Client events the partners send each other (`client-…`, only on conversation channels). */
type ClientEventName = Extract<EventName<'chat'>, `client-${string}`>;

interface JoinedChannel {
  channel: ChannelLike | null;
  bound: Array<[string, Handler]>;
  attach: (pusher: PusherLike, name: string) => void;
}
const extraChannels = new Map<string, JoinedChannel>();

export interface ExtraChannel {
  /** A client event (`client-…`); false while not connected. Never echoed to the sender. */
  trigger: <E extends ClientEventName>(event: E, data: ChannelEvents<'chat'>[E]) => boolean;
  leave: () => void;
}

/**
 * Joins a shared channel (a conversation's `private-chat_{id}` for typing, a group's or a post's for
 * their news) for as long as the caller needs it; subscribed now or as soon as the member connects.
 * Payloads are parsed like the member channels'.
 */
export function joinChannel<K extends SharedChannelKind>(
  kind: K,
  name: string,
  handlers: ChannelHandlers<K>,
  /** After each successful subscription (the first and every one after a reconnect): what was published
   * before it reached nobody here, so a screen that loaded earlier looks once more. */
  onSubscribed?: () => void,
): ExtraChannel {
  const joined: JoinedChannel = {
    channel: null,
    bound: [],
    attach: (pusher, channelName) => {
      const channel = pusher.subscribe(channelName);
      joined.bound = [];
      if (onSubscribed) {
        const succeeded = () => onSubscribed();
        channel.bind('pusher:subscription_succeeded', succeeded);
        joined.bound.push(['pusher:subscription_succeeded', succeeded]);
      }
      for (const [event, handler] of Object.entries(handlers) as Array<[string, (payload: never) => void]>) {
        const bound = handler && bindParsed(channel, kind, event, handler);
        if (bound) joined.bound.push([event, bound]);
      }
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
        for (const [event, handler] of joined.bound) joined.channel.unbind?.(event, handler);
      }
      current?.unsubscribe(name);
    },
  };
}
