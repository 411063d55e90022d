import type { PresenceChannel } from 'pusher-js';
import { afterEach, describe, expect, it } from 'vitest';
import { signChannelAuth } from '../src/auth-signature.ts';
import { collect, connectClient, nextEvent, RawClient, subscribed, waitUntil } from './helpers/clients.ts';
import { startTestServer, type TestServer, testApp } from './helpers/test-server.ts';

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

async function rawSubscribed(channel: string) {
  const socket = new RawClient(server.port);
  cleanups.push(() => socket.close());
  const socketId = await socket.socketId();
  socket.send('pusher:subscribe', { channel, auth: signChannelAuth(testApp, socketId, channel) });
  await socket.next((f) => f.event === 'pusher_internal:subscription_succeeded' && f.channel === channel);
  return socket;
}

const notice = { event: 'ChannelClosed', data: { reason: 'closed' } };

describe('closeChannel (issue 9 item 2: live channels end at once)', () => {
  it('every subscriber of exactly that channel gets the notice, then is unsubscribed; its sockets stay open', async () => {
    server = await startTestServer();
    const a = await rawSubscribed('private-chat_1');
    const b = await rawSubscribed('private-chat_1');
    const other = await rawSubscribed('private-chat_10');
    await server.realtime.closeChannel('private-chat_1', notice);
    for (const socket of [a, b]) {
      const frame = await socket.next((f) => f.event === 'ChannelClosed');
      expect(frame).toEqual({
        event: 'ChannelClosed',
        channel: 'private-chat_1',
        data: '{"reason":"closed"}',
      });
      expect(socket.closeCode).toBeNull();
    }
    expect(other.frames.some((f) => f.event === 'ChannelClosed')).toBe(false);
    expect(server.realtime.stats()).toMatchObject({ connections: 3, channels: 1, subscriptions: 1 });
  });

  it('client events of a closed subscriber are refused (4302) and reach nobody', async () => {
    server = await startTestServer();
    const sender = await rawSubscribed('private-chat_2');
    const receiver = await subscribed(client(), 'private-chat_2');
    const typing = collect(receiver, 'client-typing');
    const closed = nextEvent(receiver, 'ChannelClosed');
    await server.realtime.closeChannel('private-chat_2', notice);
    await closed;
    await sender.next((f) => f.event === 'ChannelClosed');
    sender.send('client-typing', { user_id: 9 }, 'private-chat_2');
    const refused = await sender.next((f) => f.event === 'pusher:error');
    expect(JSON.parse(refused.data as string)).toEqual({
      code: 4302,
      message: 'Not subscribed to private-chat_2',
    });
    expect(typing).toEqual([]);
  });

  it('a client that may still join subscribes again and talks again', async () => {
    server = await startTestServer();
    const first = client();
    const second = client();
    await subscribed(first, 'private-chat_3');
    await subscribed(second, 'private-chat_3');
    const noticed = nextEvent(first.channel('private-chat_3'), 'ChannelClosed');
    await server.realtime.closeChannel('private-chat_3', notice);
    expect(await noticed).toEqual({ reason: 'closed' });
    await waitUntil(() => server.realtime.stats().subscriptions === 0);
    first.unsubscribe('private-chat_3');
    second.unsubscribe('private-chat_3');
    const again = await subscribed(first, 'private-chat_3');
    const other = await subscribed(second, 'private-chat_3');
    const got = nextEvent(other, 'client-typing');
    again.trigger('client-typing', { user_id: 1 });
    expect(await got).toEqual({ user_id: 1 });
  });

  it('presence members leave and nothing is left behind', async () => {
    server = await startTestServer();
    const alice = (await subscribed(client({ user: { id: 'alice' } }), 'presence-room')) as PresenceChannel;
    const bob = (await subscribed(client({ user: { id: 'bob' } }), 'presence-room')) as PresenceChannel;
    await waitUntil(() => alice.members.count === 2 && bob.members.count === 2);
    await server.realtime.closeChannel('presence-room', notice);
    await waitUntil(() => server.realtime.stats().subscriptions === 0);
    expect(server.realtime.stats()).toMatchObject({
      channels: 0,
      channelMembers: 0,
      pendingSubscriptions: 0,
      adapterPresenceSockets: 0,
    });
  });

  it('refuses invalid channel or event names', async () => {
    server = await startTestServer();
    await expect(server.realtime.closeChannel('bad channel', notice)).rejects.toThrow(TypeError);
    await expect(server.realtime.closeChannel('private-chat_1', { event: '' })).rejects.toThrow(TypeError);
  });
});
