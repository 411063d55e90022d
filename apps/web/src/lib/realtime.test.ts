import { CHANNEL_CLOSED_EVENT, memberChannel } from '@trostnetz/contracts/realtime';
import type { Options } from 'pusher-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildMessage } from '../test/chat-factories.ts';
import { configureSessionHooks } from './api-client.ts';
import {
  connectRealtime,
  currentSocketId,
  joinChannel,
  type PusherLike,
  pusherOptions,
  realtimeBus,
  useRealtimeStatus,
} from './realtime.ts';
import { saveTokens } from './tokens.ts';

type Handler = (data: unknown) => void;

class FakeChannel {
  handlers = new Map<string, Handler[]>();
  bind(event: string, handler: Handler) {
    this.handlers.set(event, [...(this.handlers.get(event) ?? []), handler]);
  }
  fire(event: string, data: unknown) {
    for (const h of this.handlers.get(event) ?? []) h(data);
  }
  triggered: Array<[string, unknown]> = [];
  trigger(event: string, data: unknown) {
    this.triggered.push([event, data]);
    return true;
  }
}

class FakePusher implements PusherLike {
  channels = new Map<string, FakeChannel>();
  connectionHandlers: Handler[] = [];
  unsubscribed: string[] = [];
  disconnected = false;
  constructor(
    public key: string,
    public options: Options,
  ) {}
  connection = {
    bind: (_event: string, handler: Handler) => this.connectionHandlers.push(handler),
    socket_id: '123.456',
  };
  subscribe(name: string) {
    const channel = new FakeChannel();
    this.channels.set(name, channel);
    return channel;
  }
  unsubscribe(name: string) {
    this.unsubscribed.push(name);
  }
  disconnect() {
    this.disconnected = true;
  }
  state(previous: string, current: string) {
    for (const h of this.connectionHandlers) h({ previous, current });
  }
}

const config = { key: 'app-key', cluster: 'eu', host: null, port: null, scheme: null } as const;

let fake: FakePusher | null;
const connect = (onLive = vi.fn()) => {
  const stop = connectRealtime({
    config,
    userId: 42,
    token: 'acc-1',
    onLive,
    createClient: (key, options) => {
      fake = new FakePusher(key, options);
      return fake;
    },
  });
  return { stop, onLive };
};
const ready = async () => {
  await vi.waitFor(() => expect(fake).not.toBeNull());
  return fake as FakePusher;
};

beforeEach(() => {
  fake = null;
  configureSessionHooks({ clearSession: vi.fn(), onSessionExpired: vi.fn() });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('realtime client (SPEC.md §7 Real-time, DESIGN.md §6)', () => {
  it('uses the protocol options from SPEC.md §9 and /pusher/auth with the bearer header', async () => {
    const { stop } = connect();
    const pusher = await ready();
    expect(pusher.key).toBe('app-key');
    expect(pusher.options).toMatchObject({
      cluster: 'eu',
      enabledTransports: ['ws', 'wss'],
      activityTimeout: 120_000,
      pongTimeout: 30_000,
      unavailableTimeout: 10_000,
      authEndpoint: '/pusher/auth',
      auth: { headers: { Authorization: 'Bearer acc-1' } },
    });
    stop();
  });

  it('falls back to the page origin when host/port/scheme are null', () => {
    expect(
      pusherOptions(config, {}, { hostname: 'trost.example', port: '', protocol: 'https:' }),
    ).toMatchObject({
      wsHost: 'trost.example',
      wsPort: 443,
      wssPort: 443,
      forceTLS: true,
    });
    expect(
      pusherOptions(
        { ...config, host: 'ws.example', port: 6001, scheme: 'http' },
        {},
        {
          hostname: 'x',
          port: '3000',
          protocol: 'https:',
        },
      ),
    ).toMatchObject({ wsHost: 'ws.example', wsPort: 6001, forceTLS: false });
    expect(
      pusherOptions(config, {}, { hostname: '127.0.0.1', port: '3100', protocol: 'http:' }),
    ).toMatchObject({
      wsHost: '127.0.0.1',
      wsPort: 3100,
      forceTLS: false,
    });
  });

  it('subscribes the six private member channels and forwards their events to the bus', async () => {
    const { stop } = connect();
    const pusher = await ready();
    expect([...pusher.channels.keys()].sort()).toEqual(
      [
        memberChannel(42, 'chat_message'),
        memberChannel(42, 'chat_contacts'),
        memberChannel(42, 'friendship_accepted'),
        memberChannel(42, 'partner_status_changed'),
        memberChannel(42, 'friend_requests_changed'),
        memberChannel(42, 'premium_changed'),
      ].sort(),
    );
    expect([...pusher.channels.keys()].every((n) => n.startsWith('private-user_42_'))).toBe(true);
    const received = vi.fn();
    const off = realtimeBus.on('ChatMessageNew', received);
    const payload = { message: buildMessage({ id: 1 }) };
    pusher.channels.get('private-user_42_chat_message')?.fire('ChatMessageNew', payload);
    expect(received).toHaveBeenCalledWith(payload);
    off();
    stop();
  });

  it('issue 10 typed live events: a malformed payload is dropped and logged, never handed to a screen', async () => {
    const { stop } = connect();
    const pusher = await ready();
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const received = vi.fn();
    const offs = [realtimeBus.on('ChatMessageNew', received), realtimeBus.on('NewChatContact', received)];
    pusher.channels.get('private-user_42_chat_message')?.fire('ChatMessageNew', { message: { id: 1 } });
    pusher.channels.get('private-user_42_chat_contacts')?.fire('NewChatContact', 'not an object');
    expect(received).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledTimes(2);
    expect(String(logged.mock.calls[0]?.[0])).toContain('ChatMessageNew');
    // A well-formed event afterwards still arrives.
    const payload = { message: buildMessage({ id: 2 }) };
    pusher.channels.get('private-user_42_chat_message')?.fire('ChatMessageNew', payload);
    expect(received).toHaveBeenCalledWith(payload);
    for (const off of offs) off();
    logged.mockRestore();
    stop();
  });

  it('decision 021: the production build hands live events on as the server sent them, unchecked, and binds only the events each channel carries', async () => {
    vi.stubEnv('PROD', true);
    try {
      const { stop } = connect();
      const pusher = await ready();
      const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
      const received = vi.fn();
      const off = realtimeBus.on('ChatMessageNew', received);
      const channel = pusher.channels.get('private-user_42_chat_message');
      const unchecked = { message: { id: 1 } };
      channel?.fire('ChatMessageNew', unchecked);
      expect(received).toHaveBeenCalledWith(unchecked);
      expect(logged).not.toHaveBeenCalled();
      expect([...(channel?.handlers.keys() ?? [])].filter((e) => !e.startsWith('pusher:')).sort()).toEqual([
        'ChatMessageDeleted',
        'ChatMessageNew',
        'ChatMessageUpdated',
        'ChatMessagesRead',
      ]);
      off();
      logged.mockRestore();
      stop();
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('also binds memberChannelExtraEvents: ChatMessagesRead reaches the bus (SPEC.md §4 Chat)', async () => {
    const { stop } = connect();
    const pusher = await ready();
    const received = vi.fn();
    const off = realtimeBus.on('ChatMessagesRead', received);
    const payload = {
      chat_id: 3,
      reader_id: 9,
      sender_id: 42,
      ids: [1, 2],
      read_at: '2026-01-01T10:00:00.000Z',
    };
    pusher.channels.get('private-user_42_chat_message')?.fire('ChatMessagesRead', payload);
    expect(received).toHaveBeenCalledWith(payload);
    off();
    stop();
  });

  it('joins a conversation channel for client events and knows the socket id', async () => {
    const typing = vi.fn();
    const joined = joinChannel('chat', 'private-chat_5', { 'client-typing': typing });
    const { stop } = connect();
    const pusher = await ready();
    expect(currentSocketId()).toBe('123.456');
    const channel = pusher.channels.get('private-chat_5');
    channel?.fire('client-typing', { user_id: 9 });
    expect(typing).toHaveBeenCalledWith({ user_id: 9 });
    expect(joined.trigger('client-typing', { user_id: 42 })).toBe(true);
    expect(channel?.triggered).toEqual([['client-typing', { user_id: 42 }]]);
    joined.leave();
    expect(pusher.unsubscribed).toContain('private-chat_5');
    stop();
    expect(currentSocketId()).toBeUndefined();
  });

  it('issue 10 typed live events: a malformed client event on a conversation channel is dropped', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const typing = vi.fn();
    const joined = joinChannel('chat', 'private-chat_6', { 'client-typing': typing });
    const { stop } = connect();
    const pusher = await ready();
    pusher.channels.get('private-chat_6')?.fire('client-typing', { user_id: 'someone' });
    expect(typing).not.toHaveBeenCalled();
    expect(logged).toHaveBeenCalledTimes(1);
    pusher.channels.get('private-chat_6')?.fire('client-typing', { user_id: 9 });
    expect(typing).toHaveBeenCalledWith({ user_id: 9 });
    joined.leave();
    logged.mockRestore();
    stop();
  });

  it('issue 9 item 2: when the server ends a conversation channel, the client subscribes again (auth decides)', async () => {
    const typing = vi.fn();
    const joined = joinChannel('chat', 'private-chat_8', { 'client-typing': typing });
    const { stop } = connect();
    const pusher = await ready();
    const first = pusher.channels.get('private-chat_8');
    first?.fire(CHANNEL_CLOSED_EVENT, { channel: 'private-chat_8' });
    expect(pusher.unsubscribed).toEqual(['private-chat_8']);
    const again = pusher.channels.get('private-chat_8');
    expect(again).not.toBe(first);
    again?.fire('client-typing', { user_id: 9 });
    expect(typing).toHaveBeenCalledWith({ user_id: 9 });
    expect(joined.trigger('client-typing', { user_id: 42 })).toBe(true);
    expect(again?.triggered).toEqual([['client-typing', { user_id: 42 }]]);
    // Once left, a late notice on the old channel changes nothing.
    joined.leave();
    again?.fire(CHANNEL_CLOSED_EVENT, { channel: 'private-chat_8' });
    expect(pusher.channels.get('private-chat_8')).toBe(again);
    stop();
  });

  it('FriendRequestChanged is received but ignored (SPEC.md §7)', async () => {
    const { stop } = connect();
    const pusher = await ready();
    const received = vi.fn();
    const off = realtimeBus.on('FriendRequestChanged', received);
    pusher.channels.get('private-user_42_friend_requests_changed')?.fire('FriendRequestChanged', {});
    expect(received).not.toHaveBeenCalled();
    off();
    stop();
  });

  it('keeps the auth header current after a token renewal', async () => {
    const { stop } = connect();
    const pusher = await ready();
    saveTokens({ token: 'acc-2', refresh_token: 'ref-2' });
    expect(pusher.options.auth?.headers).toMatchObject({ Authorization: 'Bearer acc-2' });
    stop();
  });

  it('is "connected" only once every member channel is subscribed, and refetches each time it becomes live', async () => {
    const { stop, onLive } = connect();
    const pusher = await ready();
    const subscribeAll = () => {
      for (const channel of pusher.channels.values()) channel.fire('pusher:subscription_succeeded', {});
    };
    expect(useRealtimeStatus.getState().state).toBe('connecting');
    pusher.state('connecting', 'connected');
    // The socket is up, but an event published now could still be missed: not live yet.
    expect(useRealtimeStatus.getState().state).toBe('connecting');
    expect(onLive).not.toHaveBeenCalled();
    const [first, ...rest] = [...pusher.channels.values()];
    first?.fire('pusher:subscription_succeeded', {});
    expect(useRealtimeStatus.getState().state).toBe('connecting');
    for (const channel of rest) channel.fire('pusher:subscription_succeeded', {});
    expect(useRealtimeStatus.getState().state).toBe('connected');
    // What was loaded before the subscriptions stood is refetched once.
    expect(onLive).toHaveBeenCalledTimes(1);
    pusher.state('connected', 'unavailable');
    expect(useRealtimeStatus.getState().state).toBe('unavailable');
    pusher.state('unavailable', 'connected');
    expect(useRealtimeStatus.getState().state).toBe('connecting');
    // Back: refetched at once (a session ended meanwhile shows as the API's 401) …
    expect(onLive).toHaveBeenCalledTimes(2);
    subscribeAll();
    expect(useRealtimeStatus.getState().state).toBe('connected');
    // … and again once live, for what was published before the subscriptions stood.
    expect(onLive).toHaveBeenCalledTimes(3);
    stop();
  });

  it('cleanup on logout: unsubscribes every channel, disconnects and clears timers', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    const { stop } = connect();
    const pusher = await ready();
    // An auth error schedules a renewal; logout must cancel it.
    pusher.channels.get('private-user_42_chat_message')?.fire('pusher:subscription_error', { status: 401 });
    stop();
    expect(pusher.unsubscribed).toHaveLength(6);
    expect(pusher.disconnected).toBe(true);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useRealtimeStatus.getState().state).toBe('initialized');
  });

  it('an expired token on subscribe: renews once and subscribes again', async () => {
    vi.useFakeTimers();
    saveTokens({ token: 'acc-1', refresh_token: 'ref-1' });
    vi.stubGlobal(
      'fetch',
      vi
        .fn()
        .mockResolvedValue(
          new Response(JSON.stringify({ token: 'acc-3', refresh_token: 'ref-3' }), { status: 200 }),
        ),
    );
    const { stop } = connect();
    const pusher = await ready();
    const first = pusher.channels.get('private-user_42_chat_contacts');
    first?.fire('pusher:subscription_error', { status: 401 });
    await vi.advanceTimersByTimeAsync(1_500);
    // The renewal checks its answer with the contracts' schema, fetched when first needed (issue 13).
    await vi.waitFor(() => expect(pusher.unsubscribed).toContain('private-user_42_chat_contacts'));
    expect(pusher.channels.get('private-user_42_chat_contacts')).not.toBe(first);
    expect(pusher.options.auth?.headers).toMatchObject({ Authorization: 'Bearer acc-3' });
    stop();
  });
});
