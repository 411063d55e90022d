import PusherServer from 'pusher';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { collect, connectClient, nextEvent, sdk, sleep, subscribed } from './helpers/clients.ts';
import { startTestServer, type TestServer, testApp } from './helpers/test-server.ts';

let server: TestServer;
const cleanups: Array<() => unknown> = [];

afterEach(async () => {
  vi.restoreAllMocks();
  for (const cleanup of cleanups.splice(0)) await cleanup();
  await server?.close();
});

function client() {
  const pusher = connectClient(server.port);
  cleanups.push(() => pusher.disconnect());
  return pusher;
}

async function statusOf(request: Promise<unknown>): Promise<number> {
  try {
    await request;
    return 200;
  } catch (error) {
    return (error as { status: number }).status;
  }
}

describe('HTTP events API with the official pusher SDK', () => {
  it('a single event reaches a subscribed pusher-js client with its data', async () => {
    server = await startTestServer();
    const channel = await subscribed(client(), 'private-user_1_chat_message');
    const received = nextEvent(channel, 'messages.created');
    await sdk(server.port).trigger('private-user_1_chat_message', 'messages.created', {
      id: 5,
      body: 'Hallo',
    });
    expect(await received).toEqual({ id: 5, body: 'Hallo' });
  });

  it('an event to several channels reaches each of them', async () => {
    server = await startTestServer();
    const a = await subscribed(client(), 'a');
    const b = await subscribed(client(), 'b');
    const both = Promise.all([nextEvent(a, 'ping'), nextEvent(b, 'ping')]);
    await sdk(server.port).trigger(['a', 'b'], 'ping', { n: 1 });
    expect(await both).toEqual([{ n: 1 }, { n: 1 }]);
  });

  it('a batch delivers every event and answers {batch:[{},...]}', async () => {
    server = await startTestServer();
    const channel = await subscribed(client(), 'feed');
    const first = nextEvent(channel, 'one');
    const second = nextEvent(channel, 'two');
    const response = await sdk(server.port).triggerBatch([
      { channel: 'feed', name: 'one', data: { n: 1 } },
      { channel: 'feed', name: 'two', data: 'plain text' },
    ]);
    expect(await response.json()).toEqual({ batch: [{}, {}] });
    expect(await first).toEqual({ n: 1 });
    expect(await second).toBe('plain text');
  });

  it('socket_id excludes that socket from the delivery', async () => {
    server = await startTestServer();
    const sender = client();
    const other = client();
    const senderChannel = await subscribed(sender, 'room');
    const otherChannel = await subscribed(other, 'room');
    const seenBySender = collect(senderChannel, 'typing');
    const received = nextEvent(otherChannel, 'typing');
    await sdk(server.port).trigger('room', 'typing', {}, { socket_id: sender.connection.socket_id });
    await received;
    await sleep(50);
    expect(seenBySender).toHaveLength(0);
  });

  it('answers 200 {} to a valid trigger', async () => {
    server = await startTestServer();
    const response = await sdk(server.port).trigger('nobody-listens', 'x', {});
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({});
  });

  it('a bad signature is refused with 401', async () => {
    server = await startTestServer();
    expect(await statusOf(sdk(server.port, 'wrong-secret').trigger('a', 'x', {}))).toBe(401);
  });

  it('a timestamp more than 600 s old is refused with 401', async () => {
    server = await startTestServer();
    const realNow = Date.now();
    vi.spyOn(Date, 'now').mockReturnValue(realNow - 601_000);
    const request = sdk(server.port).trigger('a', 'x', {});
    vi.restoreAllMocks();
    expect(await statusOf(request)).toBe(401);
  });

  it('a body that does not match body_md5 is refused with 401', async () => {
    server = await startTestServer();
    const body = JSON.stringify({ name: 'x', channels: ['a'], data: '{}' });
    const query = sdk(server.port).createSignedQueryString({
      method: 'POST',
      path: `/apps/${testApp.id}/events`,
      body,
    });
    const response = await fetch(`http://127.0.0.1:${server.port}/apps/${testApp.id}/events?${query}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: body.replace('"a"', '"b"'),
    });
    expect(response.status).toBe(401);
  });

  it('data over 10 KB is refused with 413', async () => {
    server = await startTestServer();
    expect(await statusOf(sdk(server.port).trigger('a', 'x', 'y'.repeat(10_241)))).toBe(413);
    expect(await statusOf(sdk(server.port).trigger('a', 'x', 'y'.repeat(10_240)))).toBe(200);
  });

  it('a channel name over 164 characters is refused with 400', async () => {
    server = await startTestServer();
    expect(await statusOf(sdk(server.port).trigger('c'.repeat(165), 'x', {}))).toBe(400);
    expect(await statusOf(sdk(server.port).trigger('c'.repeat(164), 'x', {}))).toBe(200);
  });

  it('channel names outside [A-Za-z0-9_-=@,.;], long event names and bad bodies are refused with 400', async () => {
    server = await startTestServer();
    const pusher = sdk(server.port);
    // The SDK JSON-encodes `body` itself, although its typings declare a string.
    const post = (body: object) =>
      statusOf(pusher.post({ path: '/events', body: body as unknown as string }));
    expect(await post({ name: 'x', channels: ['a'], data: '{}' })).toBe(200);
    expect(await post({ name: 'x', channels: ['bad channel'], data: '{}' })).toBe(400);
    expect(await post({ name: 'x'.repeat(201), channels: ['a'], data: '{}' })).toBe(400);
    expect(await post({ name: 'x', channels: [], data: '{}' })).toBe(400);
    expect(await post({ name: 'x', channels: ['a'], data: { not: 'a string' } })).toBe(400);
    expect(await post({ name: 'x', channels: ['a'], data: '{}', socket_id: 'nope' })).toBe(400);
    expect(await post({ name: 'pusher:fake', channels: ['a'], data: '{}' })).toBe(400);
    const tooMany = Array.from({ length: 101 }, (_, i) => `c${i}`);
    expect(await post({ name: 'x', channels: tooMany, data: '{}' })).toBe(400);
  });

  it('a batch of more than 10 events is refused with 400', async () => {
    server = await startTestServer();
    const batch = Array.from({ length: 11 }, () => ({ channel: 'a', name: 'x', data: '{}' }));
    expect(await statusOf(sdk(server.port).triggerBatch(batch))).toBe(400);
  });

  it('an unknown app id is 404', async () => {
    server = await startTestServer();
    const pusher = new PusherServer({
      ...testApp,
      appId: '999',
      host: '127.0.0.1',
      port: String(server.port),
    });
    expect(await statusOf(pusher.trigger('a', 'x', {}))).toBe(404);
  });

  it('GET /channels lists occupied channels and presence user counts', async () => {
    server = await startTestServer();
    await subscribed(client(), 'news');
    await subscribed(connectClient(server.port, { user: { id: 'u1' } }), 'presence-room').then((channel) =>
      cleanups.push(() => channel.pusher.disconnect()),
    );
    const pusher = sdk(server.port);
    const all = await (await pusher.get({ path: '/channels' })).json();
    expect(all).toEqual({ channels: { news: {}, 'presence-room': {} } });
    const presence = await (
      await pusher.get({ path: '/channels', params: { filter_by_prefix: 'presence-', info: 'user_count' } })
    ).json();
    expect(presence).toEqual({ channels: { 'presence-room': { user_count: 1 } } });
    expect(await (await pusher.get({ path: '/channels/news' })).json()).toEqual({ occupied: true });
    expect(await (await pusher.get({ path: '/channels/presence-room/users' })).json()).toEqual({
      users: [{ id: 'u1' }],
    });
  });

  it('GET /channels with info=user_count and another prefix, or none, is 400 with the reason', async () => {
    server = await startTestServer();
    await subscribed(client(), 'news');
    const pusher = sdk(server.port);
    for (const params of [{ info: 'user_count' }, { info: 'user_count', filter_by_prefix: 'private-' }]) {
      expect(await answerOf(pusher.get({ path: '/channels', params }))).toEqual({
        status: 400,
        body: 'info=user_count needs filter_by_prefix=presence-',
      });
    }
    // Another info alone is no user count: the list stays as it is.
    expect(
      await (await pusher.get({ path: '/channels', params: { info: 'subscription_count' } })).json(),
    ).toEqual({
      channels: { news: {} },
    });
  });

  it('GET /channels/{name}: user_count only for presence channels; an unoccupied one answers occupied false', async () => {
    server = await startTestServer();
    await subscribed(connectClient(server.port, { user: { id: 'u7' } }), 'presence-talk').then((channel) =>
      cleanups.push(() => channel.pusher.disconnect()),
    );
    const pusher = sdk(server.port);
    expect(
      await (await pusher.get({ path: '/channels/presence-talk', params: { info: 'user_count' } })).json(),
    ).toEqual({ occupied: true, user_count: 1 });
    expect(await (await pusher.get({ path: '/channels/empty' })).json()).toEqual({ occupied: false });
    expect(await answerOf(pusher.get({ path: '/channels/news', params: { info: 'user_count' } }))).toEqual({
      status: 400,
      body: 'user_count is only available for presence channels',
    });
    expect(await answerOf(pusher.get({ path: '/channels/news/users' }))).toEqual({
      status: 400,
      body: 'Users are only listed for presence channels',
    });
  });

  it('a channel segment that is not a valid name, or not valid percent-encoding, is 400', async () => {
    server = await startTestServer();
    const pusher = sdk(server.port);
    for (const path of ['/channels/bad%20name', '/channels/%E0%A4%A', '/channels/%25%25']) {
      expect(await answerOf(pusher.get({ path })), path).toEqual({
        status: 400,
        body: 'Invalid channel name',
      });
    }
  });

  it('unknown paths are 404, a channel under events 404, the wrong method 405; none of them reaches a client', async () => {
    server = await startTestServer();
    const channel = await subscribed(client(), 'quiet');
    const heard = collect(channel, 'x');
    const pusher = sdk(server.port);
    // As above: the SDK JSON-encodes `body` itself.
    const post = (path: string, body: object) => pusher.post({ path, body: body as unknown as string });
    expect(await answerOf(pusher.get({ path: '/nothing' }))).toEqual({ status: 404, body: 'Not found' });
    expect(await answerOf(post('/events/quiet', { name: 'x', channels: ['quiet'], data: '{}' }))).toEqual({
      status: 404,
      body: 'Not found',
    });
    expect(await answerOf(post('/batch_events/quiet/users', { batch: [] }))).toEqual({
      status: 404,
      body: 'Not found',
    });
    expect(await answerOf(pusher.get({ path: '/events' }))).toEqual({
      status: 405,
      body: 'Method not allowed',
    });
    expect(await answerOf(post('/channels', {}))).toEqual({
      status: 405,
      body: 'Method not allowed',
    });
    await sleep(100);
    expect(heard).toEqual([]);
  });
});

/** The status and error text of an SDK request the server refused. */
async function answerOf(
  request: Promise<{ status: number; json(): Promise<unknown> }>,
): Promise<{ status: number; body: unknown }> {
  try {
    const response = await request;
    return { status: response.status, body: await response.json() };
  } catch (error) {
    const { status, body } = error as { status: number; body: string };
    return { status, body: (JSON.parse(body) as { error: unknown }).error };
  }
}
