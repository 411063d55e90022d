import { afterEach, describe, expect, it } from 'vitest';
import { collect, connectClient, nextEvent, RawClient, sleep, subscribed } from './helpers/clients.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
const cleanups: Array<() => unknown> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  await server?.close();
});

function client(options: Parameters<typeof connectClient>[1] = {}) {
  const pusher = connectClient(server.port, options);
  cleanups.push(() => pusher.disconnect());
  return pusher;
}

function raw() {
  const socket = new RawClient(server.port);
  cleanups.push(() => socket.close());
  return socket;
}

describe('client events', () => {
  it('a client event on a private channel reaches the other subscribers and is not echoed', async () => {
    server = await startTestServer();
    const sender = await subscribed(client(), 'private-chat_1');
    const receiver = await subscribed(client(), 'private-chat_1');
    const echoes = collect(sender, 'client-typing');
    const received = nextEvent(receiver, 'client-typing');
    sender.trigger('client-typing', { typing: true });
    expect(await received).toEqual({ typing: true });
    await sleep(50);
    expect(echoes).toHaveLength(0);
  });

  it('client events arrive with data as a JSON string', async () => {
    server = await startTestServer();
    const sender = await subscribed(client(), 'private-chat_1');
    const receiver = raw();
    await receiver.socketId();
    const { signChannelAuth } = await import('../src/auth-signature.ts');
    const { testApp } = await import('./helpers/test-server.ts');
    receiver.send('pusher:subscribe', {
      channel: 'private-chat_1',
      auth: signChannelAuth(testApp, await receiver.socketId(), 'private-chat_1'),
    });
    await receiver.next((f) => f.event === 'pusher_internal:subscription_succeeded');
    sender.trigger('client-typing', { typing: true });
    const frame = await receiver.next((f) => f.event === 'client-typing');
    expect(frame).toEqual({ event: 'client-typing', channel: 'private-chat_1', data: '{"typing":true}' });
  });

  it('client events on a public channel are refused with an error event', async () => {
    server = await startTestServer();
    const socket = raw();
    await socket.socketId();
    socket.send('pusher:subscribe', { channel: 'news' });
    await socket.next((f) => f.event === 'pusher_internal:subscription_succeeded');
    const listener = await subscribed(client(), 'news');
    const seen = collect(listener, 'client-spam');
    socket.send('client-spam', { x: 1 }, 'news');
    const error = await socket.next((f) => f.event === 'pusher:error');
    expect(JSON.parse(error.data as string)).toMatchObject({ code: 4302 });
    await sleep(50);
    expect(seen).toHaveLength(0);
    expect(socket.closeCode).toBeNull();
  });

  it('client events on a channel the sender is not subscribed to are refused', async () => {
    server = await startTestServer();
    const listener = await subscribed(client(), 'private-chat_2');
    const seen = collect(listener, 'client-spam');
    const socket = raw();
    await socket.socketId();
    socket.send('client-spam', {}, 'private-chat_2');
    const error = await socket.next((f) => f.event === 'pusher:error');
    expect(JSON.parse(error.data as string)).toMatchObject({ code: 4302 });
    await sleep(50);
    expect(seen).toHaveLength(0);
  });

  it('client events beyond clientEventsPerSecond get 4301 and the connection stays open', async () => {
    server = await startTestServer({ limits: { clientEventsPerSecond: 3 } });
    const pusher = client();
    const sender = await subscribed(pusher, 'private-chat_3');
    const receiver = await subscribed(client(), 'private-chat_3');
    const seen = collect(receiver, 'client-typing');
    const rateLimited = nextEvent<{ data: { code: number } }>(pusher.connection, 'error');
    for (let i = 0; i < 5; i++) sender.trigger('client-typing', { i });
    expect((await rateLimited).data.code).toBe(4301);
    await sleep(100);
    expect(seen).toEqual([{ i: 0 }, { i: 1 }, { i: 2 }]);
    expect(pusher.connection.state).toBe('connected');
  });

  it('client events on presence channels carry the sender user_id', async () => {
    server = await startTestServer();
    const sender = await subscribed(client({ user: { id: 'alice' } }), 'presence-room');
    const receiver = await subscribed(client({ user: { id: 'bob' } }), 'presence-room');
    const received = new Promise<unknown>((resolve) =>
      receiver.bind('client-wave', (data: unknown, metadata: { user_id?: string }) =>
        resolve({ data, metadata }),
      ),
    );
    sender.trigger('client-wave', { hi: 1 });
    expect(await received).toEqual({ data: { hi: 1 }, metadata: { user_id: 'alice' } });
  });
});
