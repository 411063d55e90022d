import { createHash } from 'node:crypto';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { hmacSha256Hex, signChannelAuth } from '../src/auth-signature.ts';
import type { RealtimeLogger } from '../src/logger.ts';
import { RawClient, type RawFrame, waitUntil, withTimeout } from './helpers/clients.ts';
import { slowAdapter } from './helpers/slow-adapter.ts';
import { startTestServer, type TestServer, testApp } from './helpers/test-server.ts';

/**
 * The exact answer a client gets for each protocol rule: the pusher:error frame, the close code and reason,
 * the subscription answer, the HTTP status and body. Raw sockets, so every frame the server sends is seen.
 */

let server: TestServer;
const sockets: RawClient[] = [];

afterEach(async () => {
  vi.restoreAllMocks();
  for (const socket of sockets.splice(0)) socket.close();
  await server?.close();
});

type Client = RawClient & { id: string };

function open(path?: string): RawClient {
  const socket = new RawClient(server.port, path);
  sockets.push(socket);
  return socket;
}

async function connect(): Promise<Client> {
  const socket = open();
  return Object.assign(socket, { id: await socket.socketId() });
}

/** The close code and reason; call right after open(), before the close can arrive. */
function closeOf(socket: RawClient): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) =>
    socket.ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
}

const dataOf = (frame: RawFrame): unknown => JSON.parse(frame.data as string);
const errorsOf = (socket: RawClient) => socket.frames.filter((f) => f.event === 'pusher:error').map(dataOf);
const framesOf = (socket: RawClient, event: string) => socket.frames.filter((f) => f.event === event);
const succeeded = (channel: string) => (f: RawFrame) =>
  f.event === 'pusher_internal:subscription_succeeded' && f.channel === channel;
const subscriptionAnswer = (channel: string) => (f: RawFrame) =>
  f.channel === channel &&
  (f.event === 'pusher_internal:subscription_succeeded' || f.event === 'pusher:subscription_error');

/** Resolves once the server answered a ping sent now: every frame sent before has had its answer. */
async function settle(socket: RawClient): Promise<void> {
  const pongs = () => framesOf(socket, 'pusher:pong').length;
  const before = pongs();
  socket.send('pusher:ping', {});
  await socket.next((f) => f.event === 'pusher:pong' && pongs() > before);
}

function subscribeData(socket: Client, channel: string, userId?: string) {
  const channelData = userId === undefined ? undefined : JSON.stringify({ user_id: userId });
  const auth = /^(private|presence)-/.test(channel)
    ? signChannelAuth(testApp, socket.id, channel, channelData)
    : undefined;
  return { channel, auth, channel_data: channelData };
}

/** Subscribes (signing when needed) and resolves with the answer: 'ok' or the subscription_error data. */
async function join(socket: Client, channel: string, userId?: string) {
  socket.send('pusher:subscribe', subscribeData(socket, channel, userId));
  const answer = await socket.next(subscriptionAnswer(channel));
  socket.frames.splice(socket.frames.indexOf(answer), 1);
  return answer.event === 'pusher_internal:subscription_succeeded' ? 'ok' : dataOf(answer);
}

/** Several client frames in one TCP write: the server reads them as one chunk and handles them back to back. */
function burst(socket: RawClient, messages: object[]): void {
  const frames = messages.map((message) => {
    const payload = Buffer.from(JSON.stringify(message));
    const length =
      payload.length < 126
        ? [0x80 | payload.length]
        : [0x80 | 126, payload.length >> 8, payload.length & 0xff];
    // FIN + text, the mask bit and an all-zero masking key: the payload goes as it is.
    return Buffer.concat([Buffer.from([0x81, ...length, 0, 0, 0, 0]), payload]);
  });
  (socket.ws as unknown as { _socket: Socket })._socket.write(Buffer.concat(frames));
}

function recordingLogger() {
  return { info: vi.fn(), warn: vi.fn(), error: vi.fn() } satisfies RealtimeLogger;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const nowSec = () => Math.floor(Date.now() / 1000);

/**
 * An HTTP API request signed by hand. `params` are sent in the order given after the auth parameters;
 * the signed parameter string is the sorted one unless `signed` says otherwise.
 */
async function api(
  method: 'GET' | 'POST',
  path: string,
  options: { body?: string; params?: Array<[string, string]>; timestamp?: number; signed?: string } = {},
) {
  const fullPath = `/apps/${testApp.id}${path}`;
  const params: Array<[string, string]> = [
    ['auth_key', testApp.key],
    ['auth_timestamp', String(options.timestamp ?? nowSec())],
    ['auth_version', '1.0'],
    ...(options.body === undefined ? [] : [['body_md5', md5(options.body)] as [string, string]]),
    ...(options.params ?? []),
  ];
  const sorted = params
    .map(([key, value]) => [key.toLowerCase(), value] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('&');
  const signature = hmacSha256Hex(testApp.secret, `${method}\n${fullPath}\n${options.signed ?? sorted}`);
  const query = new URLSearchParams([...params, ['auth_signature', signature]]);
  const response = await fetch(`http://127.0.0.1:${server.port}${fullPath}?${query}`, {
    method,
    body: options.body,
  });
  return { status: response.status, body: (await response.json()) as unknown };
}

const postEvent = (body: unknown) => api('POST', '/events', { body: JSON.stringify(body) });
const postBatch = (body: unknown) => api('POST', '/batch_events', { body: JSON.stringify(body) });
const refused = (error: string, status = 400) => ({ status, body: { error } });
const ok = { status: 200, body: {} };

describe('handshake answers', () => {
  it('handshake rule: an unknown app key gets pusher:error 4001 "App key <key> not found", quoting at most 64 characters, then a close with the same code and reason', async () => {
    server = await startTestServer();
    const socket = open(`/app/${'k'.repeat(64)}-and-more?protocol=7`);
    const message = `App key ${'k'.repeat(64)} not found`;
    expect(await closeOf(socket)).toEqual({ code: 4001, reason: message });
    expect(socket.frames).toEqual([{ event: 'pusher:error', data: JSON.stringify({ code: 4001, message }) }]);
  });

  it('handshake rule (bug fix): non-ASCII characters of an unknown key are quoted as "?", so the close reason fits in a close frame instead of crashing the upgrade', async () => {
    server = await startTestServer();
    // 64 × "€" would be 192 bytes of close reason; ws allows 123 and threw out of the upgrade handler.
    const socket = open(`/app/${'%E2%82%AC'.repeat(64)}?protocol=7`);
    const message = `App key ${'?'.repeat(64)} not found`;
    expect(await withTimeout(closeOf(socket), 5_000, 'the close')).toEqual({ code: 4001, reason: message });
    expect(socket.frames.map(dataOf)).toEqual([{ code: 4001, message }]);
    await connect();
  });

  it('handshake rule: no protocol parameter (or no query at all) is 4008 "No protocol version supplied", another version 4007 "Unsupported protocol version"', async () => {
    server = await startTestServer();
    const answers = [
      `/app/${testApp.key}`,
      `/app/${testApp.key}?client=js`,
      `/app/${testApp.key}?protocol=6`,
    ].map(async (path) => {
      const socket = open(path);
      const closed = await closeOf(socket);
      return { ...closed, frames: socket.frames.map(dataOf) };
    });
    const noProtocol = 'No protocol version supplied';
    const unsupported = 'Unsupported protocol version';
    expect(await Promise.all(answers)).toEqual([
      { code: 4008, reason: noProtocol, frames: [{ code: 4008, message: noProtocol }] },
      { code: 4008, reason: noProtocol, frames: [{ code: 4008, message: noProtocol }] },
      { code: 4007, reason: unsupported, frames: [{ code: 4007, message: unsupported }] },
    ]);
  });

  it('handshake rule: beyond maxConnections a socket gets 4100 "Over capacity" and the operator a warning with the connection count', async () => {
    const logger = recordingLogger();
    server = await startTestServer({ limits: { maxConnections: 1 }, logger });
    await connect();
    const socket = open();
    expect(await closeOf(socket)).toEqual({ code: 4100, reason: 'Over capacity' });
    expect(socket.frames.map(dataOf)).toEqual([{ code: 4100, message: 'Over capacity' }]);
    expect(logger.warn.mock.calls).toEqual([[{ connections: 1 }, 'realtime connection limit reached']]);
  });

  it('handshake rule: only the exact path /app/{key} is upgraded; /v1/app/{key} and /app/{key}/extra are left to the caller (the test server drops them)', async () => {
    server = await startTestServer();
    for (const path of [`/v1/app/${testApp.key}?protocol=7`, `/app/${testApp.key}/extra?protocol=7`]) {
      const socket = open(path);
      const firstFrame = new Promise((resolve) =>
        socket.ws.once('message', (raw) => resolve(raw.toString())),
      );
      expect(await Promise.race([closeOf(socket), firstFrame]), path).toEqual({ code: 1006, reason: '' });
    }
  });
});

describe('client frame answers', () => {
  it('protocol rule: pusher:ping is answered with exactly {"event":"pusher:pong","data":"{}"}', async () => {
    server = await startTestServer();
    const socket = await connect();
    const texts: string[] = [];
    socket.ws.on('message', (raw) => texts.push(raw.toString()));
    await settle(socket);
    expect(texts).toEqual(['{"event":"pusher:pong","data":"{}"}']);
  });

  it('protocol rule: a binary frame gets pusher:error 4300 "Only text frames are accepted", even one holding a valid ping, and the connection stays open', async () => {
    server = await startTestServer();
    const socket = await connect();
    socket.ws.send(Buffer.from(JSON.stringify({ event: 'pusher:ping', data: {} })), { binary: true });
    await settle(socket);
    expect(errorsOf(socket)).toEqual([{ code: 4300, message: 'Only text frames are accepted' }]);
    expect(framesOf(socket, 'pusher:pong')).toHaveLength(1);
    expect(socket.closeCode).toBeNull();
  });

  it('protocol rule: a text frame that is not JSON gets pusher:error 4300 "Invalid JSON"', async () => {
    server = await startTestServer();
    const socket = await connect();
    socket.ws.send('{"event":"pusher:ping"');
    await settle(socket);
    expect(errorsOf(socket)).toEqual([{ code: 4300, message: 'Invalid JSON' }]);
  });

  it('protocol rule: a message without a string event gets 4300 "A message needs an event name"; an unknown event gets 4300 "Unsupported event <name>", quoting at most 200 characters of it', async () => {
    server = await startTestServer();
    const socket = await connect();
    for (const frame of ['null', '[]', '{}', '5', '{"event":5}']) socket.ws.send(frame);
    const long = `x-${'e'.repeat(300)}`;
    socket.ws.send(JSON.stringify({ event: 'pusher:nothing' }));
    socket.ws.send(JSON.stringify({ event: long }));
    await settle(socket);
    expect(errorsOf(socket)).toEqual([
      ...Array.from({ length: 5 }, () => ({ code: 4300, message: 'A message needs an event name' })),
      { code: 4300, message: 'Unsupported event pusher:nothing' },
      { code: 4300, message: `Unsupported event ${long.slice(0, 200)}` },
    ]);
    expect(socket.closeCode).toBeNull();
  });

  it('protocol rule: pusher:subscribe/unsubscribe data may be an object or the JSON text of one; anything else, or none, gets 4300 "pusher:subscribe needs a channel"', async () => {
    server = await startTestServer();
    const socket = await connect();
    socket.ws.send(JSON.stringify({ event: 'pusher:subscribe', data: '{"channel":"news"}' }));
    await socket.next(succeeded('news'));
    for (const data of [undefined, 'news', '"news"', '5', 5, null, { channel: 5 }, { name: 'news' }]) {
      socket.ws.send(JSON.stringify({ event: 'pusher:subscribe', data }));
    }
    await settle(socket);
    expect(errorsOf(socket)).toEqual(
      Array.from({ length: 8 }, () => ({ code: 4300, message: 'pusher:subscribe needs a channel' })),
    );
    expect(server.realtime.stats()).toMatchObject({ subscriptions: 1 });
    socket.ws.send(JSON.stringify({ event: 'pusher:unsubscribe', data: '{"channel":"news"}' }));
    await settle(socket);
    expect(server.realtime.stats()).toMatchObject({ subscriptions: 0, channels: 0 });
  });

  it('protocol rule: unsubscribing from a channel never joined, or naming no channel, is silent', async () => {
    server = await startTestServer();
    const socket = await connect();
    for (const data of [{ channel: 'never-joined' }, {}, { channel: 5 }, undefined]) {
      socket.ws.send(JSON.stringify({ event: 'pusher:unsubscribe', data }));
    }
    await settle(socket);
    expect(socket.frames.map((f) => f.event)).toEqual(['pusher:connection_established', 'pusher:pong']);
  });
});

describe('client event answers', () => {
  it('client event rule: on a public channel, or without a channel, a client event gets 4302 "Client events need a private or presence channel"', async () => {
    server = await startTestServer();
    const socket = await connect();
    expect(await join(socket, 'news')).toBe('ok');
    socket.send('client-x', {}, 'news');
    socket.send('client-x', {});
    await settle(socket);
    const answer = { code: 4302, message: 'Client events need a private or presence channel' };
    expect(errorsOf(socket)).toEqual([answer, answer]);
  });

  it('client event rule: the rate window is one second: 999 ms after its start the limit holds (4301 "Client event rate limit exceeded"), at exactly 1000 ms a new window begins', async () => {
    server = await startTestServer({ limits: { clientEventsPerSecond: 1 } });
    const sender = await connect();
    const receiver = await connect();
    expect(await join(sender, 'private-rate')).toBe('ok');
    expect(await join(receiver, 'private-rate')).toBe('ok');
    const start = Date.now();
    const clock = vi.spyOn(Date, 'now');
    const sendAt = async (offsetMs: number) => {
      clock.mockReturnValue(start + offsetMs);
      sender.send('client-n', { offsetMs }, 'private-rate');
      await settle(sender);
    };
    await sendAt(0);
    await sendAt(999);
    await sendAt(1_000);
    clock.mockRestore();
    await settle(receiver);
    expect(framesOf(receiver, 'client-n').map(dataOf)).toEqual([{ offsetMs: 0 }, { offsetMs: 1_000 }]);
    expect(errorsOf(sender)).toEqual([{ code: 4301, message: 'Client event rate limit exceeded' }]);
  });

  it('client event rule: a client event right behind its subscribe frame (one burst) already finds the subscription active', async () => {
    server = await startTestServer();
    const sender = await connect();
    const receiver = await connect();
    expect(await join(receiver, 'private-burst')).toBe('ok');
    burst(sender, [
      { event: 'pusher:subscribe', data: subscribeData(sender, 'private-burst') },
      { event: 'client-hello', channel: 'private-burst', data: { n: 1 } },
    ]);
    await sender.next(succeeded('private-burst'));
    await settle(sender);
    await settle(receiver);
    expect(errorsOf(sender)).toEqual([]);
    expect(framesOf(receiver, 'client-hello').map(dataOf)).toEqual([{ n: 1 }]);
  });
});

describe('subscription answers', () => {
  it('subscription rule: subscribing again to a channel already joined changes nothing: one subscription_succeeded, one subscription', async () => {
    server = await startTestServer();
    const socket = await connect();
    socket.send('pusher:subscribe', { channel: 'news' });
    socket.send('pusher:subscribe', { channel: 'news' });
    await settle(socket);
    expect(socket.frames.filter(succeeded('news'))).toHaveLength(1);
    expect(server.realtime.stats()).toMatchObject({ subscriptions: 1, channelMembers: 1 });
  });

  it('subscription rule: channel_data is read on presence channels only: a private channel signed over socket_id:channel subscribes even when channel_data comes along', async () => {
    server = await startTestServer();
    const socket = await connect();
    socket.send('pusher:subscribe', {
      ...subscribeData(socket, 'private-x'),
      channel_data: '{"user_id":"u"}',
    });
    expect(await socket.next(subscriptionAnswer('private-x'))).toEqual({
      event: 'pusher_internal:subscription_succeeded',
      channel: 'private-x',
      data: '{}',
    });
  });

  it('subscription rule: a presence channel needs channel_data as a string; without it, or with a number, the answer is AuthError 401 "Invalid signature" whatever was signed', async () => {
    server = await startTestServer();
    const socket = await connect();
    const invalidSignature = { type: 'AuthError', error: 'Invalid signature', status: 401 };
    socket.send('pusher:subscribe', {
      channel: 'presence-a',
      auth: signChannelAuth(testApp, socket.id, 'presence-a'),
    });
    expect(dataOf(await socket.next(subscriptionAnswer('presence-a')))).toEqual(invalidSignature);
    socket.send('pusher:subscribe', {
      channel: 'presence-b',
      auth: signChannelAuth(testApp, socket.id, 'presence-b', '5'),
      channel_data: 5,
    });
    expect(dataOf(await socket.next(subscriptionAnswer('presence-b')))).toEqual(invalidSignature);
    expect(server.realtime.stats()).toMatchObject({ subscriptions: 0, channels: 0 });
  });

  it('presence rule: channel_data must be a JSON object with a usable user_id: not JSON, null, 5, "text", [] or user_id 1e999 (Infinity) are InvalidChannelData 400; user_id 42 becomes "42"', async () => {
    server = await startTestServer();
    const socket = await connect();
    const answerTo = async (channel: string, channelData: string) => {
      socket.send('pusher:subscribe', {
        channel,
        auth: signChannelAuth(testApp, socket.id, channel, channelData),
        channel_data: channelData,
      });
      return socket.next(subscriptionAnswer(channel));
    };
    const invalid = { type: 'InvalidChannelData', error: 'channel_data needs a user_id', status: 400 };
    const cases = ['{"user_id":', 'null', '5', '"text"', '[]', '{"user_id":1e999}'];
    for (const [i, channelData] of cases.entries()) {
      expect(dataOf(await answerTo(`presence-${i}`, channelData)), channelData).toEqual(invalid);
    }
    expect(dataOf(await answerTo('presence-n', '{"user_id":42}'))).toEqual({
      presence: { ids: ['42'], hash: { 42: null }, count: 1 },
    });
  });

  it('presence rule: subscription_succeeded carries {presence: {ids, hash, count}}: ids in join order, each user once with the info of their last socket', async () => {
    server = await startTestServer();
    const sign = (socket: Client, userId: string, info: unknown) => {
      const channelData = JSON.stringify({ user_id: userId, user_info: info });
      const auth = signChannelAuth(testApp, socket.id, 'presence-room', channelData);
      socket.send('pusher:subscribe', { channel: 'presence-room', auth, channel_data: channelData });
      return socket.next(succeeded('presence-room'));
    };
    await sign(await connect(), 'alice', { n: 1 });
    await sign(await connect(), 'bob', { n: 2 });
    const third = await sign(await connect(), 'alice', { n: 3 });
    expect(third.data).toBe(
      JSON.stringify({
        presence: { ids: ['alice', 'bob'], hash: { alice: { n: 3 }, bob: { n: 2 } }, count: 2 },
      }),
    );
  });

  it('closeChannel rule: sockets that never subscribed to anything are passed over; the subscribers get the notice', async () => {
    server = await startTestServer();
    const bystander = await connect();
    const subscriber = await connect();
    expect(await join(subscriber, 'news')).toBe('ok');
    await server.realtime.closeChannel('news', { event: 'closed' });
    expect(await subscriber.next((f) => f.event === 'closed')).toEqual({
      event: 'closed',
      channel: 'news',
      data: '{}',
    });
    expect(server.realtime.stats()).toMatchObject({ connections: 2, subscriptions: 0, channels: 0 });
    expect(bystander.closeCode).toBeNull();
  });

  it('presence rule (bug fix): subscribe, unsubscribe and subscribe again in one burst leaves the socket a member: listed by the HTTP API, announced once with member_added, nothing logged', async () => {
    const logger = recordingLogger();
    server = await startTestServer({ logger });
    const alice = await connect();
    expect(await join(alice, 'presence-room', 'alice')).toBe('ok');
    const bob = await connect();
    const subscribe = { event: 'pusher:subscribe', data: subscribeData(bob, 'presence-room', 'bob') };
    burst(bob, [subscribe, { event: 'pusher:unsubscribe', data: { channel: 'presence-room' } }, subscribe]);
    await bob.next(succeeded('presence-room'));
    await alice.next((f) => f.event === 'pusher_internal:member_added');
    await settle(bob);
    await settle(alice);
    expect(bob.frames.filter(subscriptionAnswer('presence-room'))).toHaveLength(1);
    expect(alice.frames.filter((f) => f.event.startsWith('pusher_internal:member_'))).toEqual([
      {
        event: 'pusher_internal:member_added',
        channel: 'presence-room',
        data: '{"user_id":"bob","user_info":null}',
      },
    ]);
    expect(await api('GET', '/channels/presence-room/users')).toEqual({
      status: 200,
      body: { users: [{ id: 'alice' }, { id: 'bob' }] },
    });
    expect(logger.error).not.toHaveBeenCalled();
  });
});

describe('answers while the adapter is slow', () => {
  it('subscription rule: while the adapter still routes a channel nothing is confirmed; once routed the answer is subscription_succeeded with data "{}"', async () => {
    const slow = slowAdapter({ routes: true });
    server = await startTestServer({ adapter: slow.adapter });
    const socket = await connect();
    socket.send('pusher:subscribe', { channel: 'news' });
    await settle(socket);
    expect(socket.frames.filter(subscriptionAnswer('news'))).toEqual([]);
    slow.held[0]?.release();
    expect(await socket.next(subscriptionAnswer('news'))).toEqual({
      event: 'pusher_internal:subscription_succeeded',
      channel: 'news',
      data: '{}',
    });
  });

  it('subscription rule: a client event on a subscription still pending gets 4302 "Not subscribed to <channel>"', async () => {
    const slow = slowAdapter({ routes: true });
    server = await startTestServer({ adapter: slow.adapter });
    const socket = await connect();
    socket.send('pusher:subscribe', subscribeData(socket, 'private-slow'));
    socket.send('client-early', {}, 'private-slow');
    await settle(socket);
    expect(errorsOf(socket)).toEqual([{ code: 4302, message: 'Not subscribed to private-slow' }]);
    slow.held[0]?.release();
    await socket.next(succeeded('private-slow'));
  });

  it('subscription rule: unsubscribing while the route is pending: no subscription_succeeded ever comes, no event of the channel arrives, nothing is left', async () => {
    const slow = slowAdapter({ routes: true });
    server = await startTestServer({ adapter: slow.adapter });
    const socket = await connect();
    socket.send('pusher:subscribe', { channel: 'news' });
    socket.send('pusher:unsubscribe', { channel: 'news' });
    await settle(socket);
    slow.held[0]?.release();
    await waitUntil(() => server.realtime.stats().channels === 0);
    await server.realtime.trigger(['news'], 'headline', 'x');
    await settle(socket);
    expect(socket.frames.map((f) => f.event)).toEqual([
      'pusher:connection_established',
      'pusher:pong',
      'pusher:pong',
    ]);
    expect(server.realtime.stats()).toMatchObject({ subscriptions: 0, pendingSubscriptions: 0 });
  });

  it('presence rule: unsubscribing while the join is in flight takes the socket out of the presence list again; it is never confirmed', async () => {
    const slow = slowAdapter();
    server = await startTestServer({ adapter: slow.adapter });
    const alice = await connect();
    expect(await join(alice, 'presence-room', 'alice')).toBe('ok');
    const bob = await connect();
    slow.joins.push('applied');
    bob.send('pusher:subscribe', subscribeData(bob, 'presence-room', 'bob'));
    await waitUntil(() => slow.held.length === 1);
    bob.send('pusher:unsubscribe', { channel: 'presence-room' });
    await settle(bob);
    slow.held[0]?.release();
    await waitUntil(() => server.realtime.stats().pendingSubscriptions === 0);
    await settle(bob);
    expect(bob.frames.filter(subscriptionAnswer('presence-room'))).toEqual([]);
    expect(await api('GET', '/channels/presence-room/users')).toEqual({
      status: 200,
      body: { users: [{ id: 'alice' }] },
    });
    expect(server.realtime.stats()).toMatchObject({ subscriptions: 1, channelMembers: 1 });
  });

  it('presence rule: a socket that disconnects while its join is in flight leaves nothing behind and nothing is logged', async () => {
    const logger = recordingLogger();
    const slow = slowAdapter();
    server = await startTestServer({ adapter: slow.adapter, logger });
    const bob = await connect();
    slow.joins.push('applied');
    bob.send('pusher:subscribe', subscribeData(bob, 'presence-room', 'bob'));
    await waitUntil(() => slow.held.length === 1);
    bob.close();
    await waitUntil(() => server.realtime.stats().connections === 0);
    slow.held[0]?.release();
    await waitUntil(() => server.realtime.stats().inflight === 0);
    for (const [name, value] of Object.entries(server.realtime.stats())) {
      expect({ name, value }).toEqual({ name, value: 0 });
    }
    expect(logger.error).not.toHaveBeenCalled();
  });

  it('backend rule: a presence join the adapter fails gets subscription_error ServiceUnavailable 503 "Realtime backend unavailable", is logged, and the channel can be joined again', async () => {
    const logger = recordingLogger();
    const slow = slowAdapter();
    server = await startTestServer({ adapter: slow.adapter, logger });
    const socket = await connect();
    slow.joins.push('failed');
    socket.send('pusher:subscribe', subscribeData(socket, 'presence-room', 'bob'));
    await waitUntil(() => slow.held.length === 1);
    slow.held[0]?.release();
    expect(dataOf(await socket.next(subscriptionAnswer('presence-room')))).toEqual({
      type: 'ServiceUnavailable',
      error: 'Realtime backend unavailable',
      status: 503,
    });
    await waitUntil(() => server.realtime.stats().inflight === 0);
    expect(server.realtime.stats()).toMatchObject({ subscriptions: 0, channels: 0, pendingSubscriptions: 0 });
    expect(logger.error.mock.calls).toEqual([[{ err: expect.any(Error) }, 'realtime adapter call failed']]);
    socket.frames.length = 0;
    expect(await join(socket, 'presence-room', 'bob')).toBe('ok');
  });

  it('backend rule: a failed join of a subscription the client already took back is silent, and its newer subscription to the channel goes through', async () => {
    const slow = slowAdapter();
    server = await startTestServer({ adapter: slow.adapter });
    const socket = await connect();
    slow.joins.push('failed', 'applied');
    const subscribe = () => socket.send('pusher:subscribe', subscribeData(socket, 'presence-room', 'bob'));
    subscribe();
    await waitUntil(() => slow.held.length === 1);
    socket.send('pusher:unsubscribe', { channel: 'presence-room' });
    subscribe();
    await waitUntil(() => slow.held.length === 2);
    slow.held[0]?.release();
    await settle(socket);
    slow.held[1]?.release();
    await socket.next(succeeded('presence-room'));
    await settle(socket);
    expect(socket.frames.filter(subscriptionAnswer('presence-room'))).toHaveLength(1);
    expect(server.realtime.stats()).toMatchObject({ subscriptions: 1, channelMembers: 1 });
    expect(await api('GET', '/channels/presence-room/users')).toEqual({
      status: 200,
      body: { users: [{ id: 'bob' }] },
    });
  });

  it('adapter contract: presence is left in the adapter only for presence subscriptions', async () => {
    const slow = slowAdapter();
    server = await startTestServer({ adapter: slow.adapter });
    const socket = await connect();
    expect(await join(socket, 'news')).toBe('ok');
    expect(await join(socket, 'private-chat')).toBe('ok');
    expect(await join(socket, 'presence-room', 'bob')).toBe('ok');
    socket.close();
    await waitUntil(() => server.realtime.stats().connections === 0);
    await waitUntil(() => server.realtime.stats().inflight === 0);
    expect(slow.left).toEqual(['presence-room']);
  });
});

describe('HTTP API answers', () => {
  it('HTTP rule: a body that is not JSON is 400 "Body is not valid JSON", for events and batches', async () => {
    server = await startTestServer();
    expect(await api('POST', '/events', { body: '{"name":' })).toEqual(refused('Body is not valid JSON'));
    expect(await api('POST', '/batch_events', { body: 'batch' })).toEqual(refused('Body is not valid JSON'));
  });

  it('HTTP rule: an event must be a JSON object: an array, null, a number or a string is 400 "Event must be an object"', async () => {
    server = await startTestServer();
    for (const body of [[], [{ name: 'e', channel: 'a', data: '{}' }], null, 5, 'e']) {
      expect(await postEvent(body), JSON.stringify(body)).toEqual(refused('Event must be an object'));
    }
  });

  it('HTTP rule: each field of an event has its exact 400 answer; "pusher:" and "pusher_internal:" starts are reserved, elsewhere in a name they are not', async () => {
    server = await startTestServer();
    const event = { name: 'e', channels: ['a'], data: '{}' };
    const nameRule = refused('name must be 1 to 200 characters');
    expect(await postEvent({ ...event, name: '' })).toEqual(nameRule);
    expect(await postEvent({ ...event, name: ['e'] })).toEqual(nameRule);
    expect(await postEvent({ ...event, name: undefined })).toEqual(nameRule);
    const reserved = refused('pusher: event names are reserved');
    expect(await postEvent({ ...event, name: 'pusher:x' })).toEqual(reserved);
    expect(await postEvent({ ...event, name: 'pusher_internal:x' })).toEqual(reserved);
    expect(await postEvent({ ...event, name: 'x-pusher_internal:' })).toEqual(ok);
    expect(await postEvent({ ...event, name: 'x-pusher:' })).toEqual(ok);
    const channelsRule = refused('channels must be a list');
    expect(await postEvent({ ...event, channels: [] })).toEqual(channelsRule);
    expect(await postEvent({ ...event, channels: 'a' })).toEqual(channelsRule);
    const channelName = refused('Channel names are 1 to 164 characters of A-Z a-z 0-9 _ - = @ , . ;');
    expect(await postEvent({ ...event, channels: [['a']] })).toEqual(channelName);
    expect(await postEvent({ ...event, channels: ['a b'] })).toEqual(channelName);
    expect(await postEvent({ name: 'e', data: '{}' })).toEqual(channelName);
    expect(await postEvent({ ...event, data: { a: 1 } })).toEqual(refused('data must be a string'));
    expect(await postEvent({ ...event, socket_id: '1.x' })).toEqual(refused('Invalid socket_id'));
    expect(await postEvent({ ...event, socket_id: '1.2' })).toEqual(ok);
  });

  it('batch rule: the body must be {batch: [...]}, otherwise 400 "batch must be a list"; each item must be an object', async () => {
    server = await startTestServer();
    for (const body of [{}, [], null, { batch: {} }, { batch: 'e' }]) {
      expect(await postBatch(body), JSON.stringify(body)).toEqual(refused('batch must be a list'));
    }
    const item = { name: 'e', channel: 'a', data: '{}' };
    expect(await postBatch({ batch: [item, null] })).toEqual(refused('Event must be an object'));
    expect(await postBatch({ batch: [item, [item]] })).toEqual(refused('Event must be an object'));
    expect(await postBatch({ batch: [item] })).toEqual({ status: 200, body: { batch: [{}] } });
  });

  it('batch rule: a batch item names one `channel`; a `channels` list there is refused with the channel-name answer', async () => {
    server = await startTestServer();
    expect(await postBatch({ batch: [{ name: 'e', channels: ['a', 'b'], data: '{}' }] })).toEqual(
      refused('Channel names are 1 to 164 characters of A-Z a-z 0-9 _ - = @ , . ;'),
    );
  });

  it('signature rule: auth_timestamp exactly 600 s off either way is accepted, 601 s is 401 "Timestamp expired: more than 600 s off"', async () => {
    server = await startTestServer();
    const now = nowSec();
    vi.spyOn(Date, 'now').mockReturnValue(now * 1_000);
    const at = (timestamp: number) => api('GET', '/channels', { timestamp });
    const expired = refused('Timestamp expired: more than 600 s off', 401);
    const listed = { status: 200, body: { channels: {} } };
    expect(await at(now - 600)).toEqual(listed);
    expect(await at(now + 600)).toEqual(listed);
    expect(await at(now - 601)).toEqual(expired);
    expect(await at(now + 601)).toEqual(expired);
  });

  it('signature rule: body_md5 is checked whenever it is sent, even with an empty body', async () => {
    server = await startTestServer();
    const withMd5 = (value: string) => api('GET', '/channels', { params: [['body_md5', value]] });
    expect(await withMd5(md5('{}'))).toEqual(refused('body_md5 does not match', 401));
    expect(await withMd5(md5(''))).toEqual({ status: 200, body: { channels: {} } });
  });

  it('signature rule: parameters are signed sorted by lower-cased key whatever order they came in; keys equal once lower-cased keep the order they came in', async () => {
    server = await startTestServer();
    const timestamp = nowSec();
    const params: Array<[string, string]> = [
      ['zeta', 'z'],
      ['X', '1'],
      ['x', '2'],
      ['Beta', 'b'],
    ];
    const signed = `auth_key=${testApp.key}&auth_timestamp=${timestamp}&auth_version=1.0&beta=b&x=1&x=2&zeta=z`;
    expect(await api('GET', '/channels', { params, timestamp, signed })).toEqual({
      status: 200,
      body: { channels: {} },
    });
    const swapped = signed.replace('x=1&x=2', 'x=2&x=1');
    expect(await api('GET', '/channels', { params, timestamp, signed: swapped })).toEqual(
      refused('Invalid signature', 401),
    );
  });
});
