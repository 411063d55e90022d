import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import type { PresenceChannel } from 'pusher-js';
import { afterEach, describe, expect, it } from 'vitest';
import { createRedisAdapter } from '../src/adapters/redis-adapter.ts';
import {
  collect,
  connectClient,
  nextEvent,
  RawClient,
  sdk,
  sleep,
  subscribed,
  waitUntil,
} from './helpers/clients.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

const redisUrl = process.env.TEST_REDIS_URL ?? '';
const runPrefix = `rt-test-${process.pid}-${Date.now()}`;
let testNumber = 0;
let prefix = '';
let servers: TestServer[] = [];
const cleanups: Array<() => unknown> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  for (const server of servers) await server.close();
  servers = [];
});

async function startNodes(count: number, options: { heartbeatMs?: number; deadAfterMs?: number } = {}) {
  prefix = `${runPrefix}-${++testNumber}`;
  for (let i = 0; i < count; i++) {
    servers.push(await startTestServer({ adapter: createRedisAdapter(redisUrl, { prefix, ...options }) }));
  }
  return servers;
}

function client(server: TestServer, options: Parameters<typeof connectClient>[1] = {}) {
  const pusher = connectClient(server.port, options);
  cleanups.push(() => pusher.disconnect());
  return pusher;
}

async function redisKeys(): Promise<string[]> {
  const redis = new Redis(redisUrl);
  try {
    return await redis.keys(`${prefix}:*`);
  } finally {
    redis.disconnect();
  }
}

describe.skipIf(!redisUrl)('redis adapter across two nodes', () => {
  it('an event triggered with the SDK on node A reaches pusher-js clients on node B and on A', async () => {
    const [a, b] = (await startNodes(2)) as [TestServer, TestServer];
    const onB = await subscribed(client(b), 'private-user_1_chat_message');
    const onA = await subscribed(client(a), 'private-user_1_chat_message');
    const received = Promise.all([nextEvent(onB, 'messages.created'), nextEvent(onA, 'messages.created')]);
    await sdk(a.port).trigger('private-user_1_chat_message', 'messages.created', { id: 1 });
    expect(await received).toEqual([{ id: 1 }, { id: 1 }]);
  });

  it('trigger() from inside the app on node B reaches node A, and socket_id exclusion works across nodes', async () => {
    const [a, b] = (await startNodes(2)) as [TestServer, TestServer];
    const sender = client(b);
    const senderChannel = await subscribed(sender, 'room');
    const receiverChannel = await subscribed(client(a), 'room');
    const echoes = collect(senderChannel, 'note');
    const received = nextEvent(receiverChannel, 'note');
    await b.realtime.trigger(['room'], 'note', { n: 1 }, { socketId: sender.connection.socket_id });
    expect(await received).toEqual({ n: 1 });
    await sleep(100);
    expect(echoes).toHaveLength(0);
  });

  it('client events reach subscribers on the other node', async () => {
    const [a, b] = (await startNodes(2)) as [TestServer, TestServer];
    const sender = await subscribed(client(a), 'private-chat_9');
    const receiver = await subscribed(client(b), 'private-chat_9');
    const received = nextEvent(receiver, 'client-typing');
    sender.trigger('client-typing', { typing: true });
    expect(await received).toEqual({ typing: true });
  });

  it('presence: members on both nodes are listed, added and removed once per user', async () => {
    const [a, b] = (await startNodes(2)) as [TestServer, TestServer];
    const alice = (await subscribed(
      client(a, { user: { id: 'alice' } }),
      'presence-lobby',
    )) as PresenceChannel;
    const events: string[] = [];
    alice.bind('pusher:member_added', (m: { id: string }) => events.push(`added ${m.id}`));
    alice.bind('pusher:member_removed', (m: { id: string }) => events.push(`removed ${m.id}`));
    const bobOnB = client(b, { user: { id: 'bob', info: { name: 'Bob' } } });
    const bob = (await subscribed(bobOnB, 'presence-lobby')) as PresenceChannel;
    expect(bob.members.count).toBe(2);
    expect(bob.members.get('alice')).toEqual({ id: 'alice', info: null });
    const bobOnA = client(a, { user: { id: 'bob' } });
    expect(((await subscribed(bobOnA, 'presence-lobby')) as PresenceChannel).members.count).toBe(2);
    await waitUntil(() => events.length === 1);
    bobOnB.disconnect();
    await sleep(150);
    expect(events).toEqual(['added bob']);
    bobOnA.disconnect();
    await waitUntil(() => events.length === 2);
    expect(events).toEqual(['added bob', 'removed bob']);
    expect(alice.members.count).toBe(1);
  });

  it('disconnectSubscribers on node A closes matching sockets on node B', async () => {
    const [a, b] = (await startNodes(2)) as [TestServer, TestServer];
    const victim = new RawClient(b.port);
    await victim.socketId();
    victim.send('pusher:subscribe', { channel: 'user_5_feed' });
    await victim.next((f) => f.event === 'pusher_internal:subscription_succeeded');
    await a.realtime.disconnectSubscribers('user_5_');
    expect(await victim.closed).toBe(4009);
    expect(b.realtime.stats()).toMatchObject({ connections: 0, channels: 0, adapterSubscribedChannels: 0 });
  });

  it('issue 9 item 2: closeChannel on node A unsubscribes the channel’s subscribers on node B after the notice', async () => {
    const [a, b] = (await startNodes(2)) as [TestServer, TestServer];
    const onB = await subscribed(client(b), 'private-chat_7');
    const onA = await subscribed(client(a), 'private-chat_7');
    const bystander = await subscribed(client(b), 'private-chat_70');
    const quiet = collect(bystander, 'ChannelClosed');
    const noticed = Promise.all([nextEvent(onB, 'ChannelClosed'), nextEvent(onA, 'ChannelClosed')]);
    await a.realtime.closeChannel('private-chat_7', {
      event: 'ChannelClosed',
      data: { channel: 'private-chat_7' },
    });
    expect(await noticed).toEqual([{ channel: 'private-chat_7' }, { channel: 'private-chat_7' }]);
    await waitUntil(() => b.realtime.stats().subscriptions === 1 && a.realtime.stats().subscriptions === 0);
    expect(b.realtime.stats()).toMatchObject({ connections: 2, channels: 1, adapterSubscribedChannels: 1 });
    expect(quiet).toEqual([]);
  });

  it('GET /channels on node A sees channels occupied only on node B', async () => {
    const [a, b] = (await startNodes(2)) as [TestServer, TestServer];
    await subscribed(client(b, { user: { id: 'carol' } }), 'presence-team');
    const response = await sdk(a.port).get({
      path: '/channels',
      params: { filter_by_prefix: 'presence-', info: 'user_count' },
    });
    expect(await response.json()).toEqual({ channels: { 'presence-team': { user_count: 1 } } });
  });

  it('closing a node removes its presence members for the other nodes and leaves no keys behind', async () => {
    const [a, b] = (await startNodes(2)) as [TestServer, TestServer];
    const alice = (await subscribed(
      client(a, { user: { id: 'alice' } }),
      'presence-lobby',
    )) as PresenceChannel;
    await subscribed(client(b, { user: { id: 'bob' } }), 'presence-lobby');
    await waitUntil(() => alice.members.count === 2);
    const removed = nextEvent<{ id: string }>(alice, 'pusher:member_removed');
    await b.close();
    expect((await removed).id).toBe('bob');
    for (const cleanup of cleanups.splice(0)) await cleanup();
    await a.close();
    expect(await redisKeys()).toEqual([]);
  });

  it('a crashed node is detected by its silent heartbeat and its presence members are removed', async () => {
    const [a] = (await startNodes(1, { heartbeatMs: 100, deadAfterMs: 600 })) as [TestServer];
    const alice = (await subscribed(
      client(a, { user: { id: 'alice' } }),
      'presence-lobby',
    )) as PresenceChannel;
    const helper = fileURLToPath(new URL('./helpers/redis-node.ts', import.meta.url));
    const child = fork(helper, [redisUrl, prefix], { execArgv: ['--import', 'tsx'], stdio: 'ignore' });
    cleanups.push(() => child.kill('SIGKILL'));
    const { port } = await nextMessage(child);
    const doomed = connectClient(port, { user: { id: 'dave' } });
    cleanups.push(() => doomed.disconnect());
    await subscribed(doomed, 'presence-lobby');
    await waitUntil(() => alice.members.count === 2);
    const removed = nextEvent<{ id: string }>(alice, 'pusher:member_removed', 5_000);
    child.kill('SIGKILL');
    expect((await removed).id).toBe('dave');
    expect(alice.members.count).toBe(1);
  });

  it('a node that was wrongly declared dead makes its presence subscribers reconnect and rejoin', async () => {
    const [a] = (await startNodes(1, { heartbeatMs: 100, deadAfterMs: 600 })) as [TestServer];
    const pusher = client(a, { user: { id: 'erin' } });
    await subscribed(pusher, 'presence-lobby');
    const firstSocket = pusher.connection.socket_id;
    const redis = new Redis(redisUrl);
    try {
      // What a survivor's sweep does to a node it believes dead.
      const [nodeId = ''] = await redis.zrange(`${prefix}:nodes`, 0, -1);
      await redis.zrem(`${prefix}:nodes`, nodeId);
      await redis.del(`${prefix}:presence:presence-lobby`);
      await waitUntil(() => pusher.connection.socket_id !== firstSocket, 5_000);
      await waitUntil(() => a.realtime.stats().channelMembers === 1, 5_000);
      expect(await redis.hlen(`${prefix}:presence:presence-lobby`)).toBe(1);
    } finally {
      redis.disconnect();
    }
  });
});

function nextMessage(child: ReturnType<typeof fork>): Promise<{ port: number }> {
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message as { port: number }));
    child.once('exit', (code) => reject(new Error(`node exited with ${code}`)));
  });
}

describe('redis adapter while Redis is unreachable', () => {
  it('closing does not wait for Redis (SIGTERM must end within 10 s), and the failure is logged', async () => {
    const adapter = createRedisAdapter('redis://127.0.0.1:9', { prefix: `${runPrefix}-unreachable` });
    const logged: object[] = [];
    const quiet = () => {};
    adapter.attach({
      logger: { error: (o) => logged.push(o), warn: quiet, info: quiet },
      deliver: quiet,
      disconnect: quiet,
      closeChannel: quiet,
    });
    await sleep(100);
    const closing = performance.now();
    await adapter.close().catch(() => {});
    // quit() would wait for ioredis' 20 reconnect attempts, about 10 s.
    expect(performance.now() - closing).toBeLessThan(3_000);
    expect(logged.length).toBeGreaterThan(0);
  });
});
