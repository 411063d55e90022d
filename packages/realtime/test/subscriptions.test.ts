import { afterEach, describe, expect, it } from 'vitest';
import {
  connectClient,
  nextEvent,
  RawClient,
  subscribed,
  waitForState,
  waitUntil,
} from './helpers/clients.ts';
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

describe('subscriptions', () => {
  it('a public channel is subscribed without auth', async () => {
    server = await startTestServer();
    await subscribed(client(), 'news');
    expect(server.realtime.stats()).toMatchObject({ channels: 1, channelMembers: 1, subscriptions: 1 });
  });

  it('a private channel with a valid signature is subscribed', async () => {
    server = await startTestServer();
    await subscribed(client(), 'private-user_1_chat_message');
  });

  it('a private channel with a bad signature gets pusher:subscription_error AuthError 401', async () => {
    server = await startTestServer();
    const channel = client({ auth: 'invalid' }).subscribe('private-user_1_chat_message');
    const error = await nextEvent<{ type: string; status: number }>(channel, 'pusher:subscription_error');
    expect(error).toMatchObject({ type: 'AuthError', status: 401 });
    expect(server.realtime.stats()).toMatchObject({ channels: 0, subscriptions: 0 });
  });

  it('a private channel signed for another socket is refused', async () => {
    server = await startTestServer();
    const socket = raw();
    await socket.socketId();
    const other = raw();
    const otherId = await other.socketId();
    const { signChannelAuth } = await import('../src/auth-signature.ts');
    const { testApp } = await import('./helpers/test-server.ts');
    socket.send('pusher:subscribe', {
      channel: 'private-x',
      auth: signChannelAuth(testApp, otherId, 'private-x'),
    });
    const error = await socket.next((f) => f.event === 'pusher:subscription_error');
    expect(error.channel).toBe('private-x');
    expect(JSON.parse(error.data as string)).toMatchObject({ type: 'AuthError', status: 401 });
  });

  it('subscription_succeeded carries data as a JSON string', async () => {
    server = await startTestServer();
    const socket = raw();
    await socket.socketId();
    socket.send('pusher:subscribe', { channel: 'news' });
    const frame = await socket.next((f) => f.event === 'pusher_internal:subscription_succeeded');
    expect(frame).toEqual({ event: 'pusher_internal:subscription_succeeded', channel: 'news', data: '{}' });
  });

  it('an invalid channel name is refused with a subscription error, not a crash', async () => {
    server = await startTestServer();
    const socket = raw();
    await socket.socketId();
    socket.send('pusher:subscribe', { channel: 'bad channel!' });
    const error = await socket.next((f) => f.event === 'pusher:subscription_error');
    expect(JSON.parse(error.data as string)).toMatchObject({ status: 400 });
    socket.send('pusher:subscribe', { nothing: true });
    await socket.next((f) => f.event === 'pusher:error');
  });

  it(`more than maxChannelsPerSocket channels are refused`, async () => {
    server = await startTestServer({ limits: { maxChannelsPerSocket: 2 } });
    const pusher = client();
    await subscribed(pusher, 'a');
    await subscribed(pusher, 'b');
    const error = await nextEvent<{ status: number }>(pusher.subscribe('c'), 'pusher:subscription_error');
    expect(error.status).toBe(429);
  });

  it('unsubscribing removes the socket and the empty channel', async () => {
    server = await startTestServer();
    const pusher = client();
    await subscribed(pusher, 'news');
    pusher.unsubscribe('news');
    await waitUntil(() => server.realtime.stats().channels === 0);
    expect(server.realtime.stats()).toMatchObject({ channelMembers: 0, subscriptions: 0 });
  });

  it('disconnecting drops every subscription of the socket', async () => {
    server = await startTestServer();
    const pusher = client();
    await subscribed(pusher, 'news');
    await subscribed(pusher, 'private-a');
    pusher.disconnect();
    await waitForState(pusher, 'disconnected');
    await waitUntil(() => server.realtime.stats().connections === 0);
    for (const value of Object.values(server.realtime.stats())) expect(value).toBe(0);
  });

  it('disconnectSubscribers closes only sockets on matching channels, with 4009 by default', async () => {
    server = await startTestServer();
    const victim = raw();
    const bystander = raw();
    await Promise.all([victim.socketId(), bystander.socketId()]);
    victim.send('pusher:subscribe', { channel: 'user_7_feed' });
    bystander.send('pusher:subscribe', { channel: 'user_8_feed' });
    await victim.next((f) => f.event === 'pusher_internal:subscription_succeeded');
    await bystander.next((f) => f.event === 'pusher_internal:subscription_succeeded');
    await server.realtime.disconnectSubscribers('user_7_');
    expect(await victim.closed).toBe(4009);
    expect(server.realtime.stats()).toMatchObject({ connections: 1, channels: 1 });
    expect(bystander.closeCode).toBeNull();
  });

  it('frames arriving after the server started closing a socket leave no subscription behind', async () => {
    server = await startTestServer();
    const socket = raw();
    await socket.socketId();
    socket.send('pusher:subscribe', { channel: 'user_9_feed' });
    await socket.next((f) => f.event === 'pusher_internal:subscription_succeeded');
    await server.realtime.disconnectSubscribers('user_9_');
    // Sent before this client has seen the close frame.
    socket.send('pusher:subscribe', { channel: 'late' });
    await socket.closed;
    await waitUntil(() => server.realtime.stats().closingSockets === 0);
    for (const value of Object.values(server.realtime.stats())) expect(value).toBe(0);
  });
});
