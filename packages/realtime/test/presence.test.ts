import type { PresenceChannel } from 'pusher-js';
import { afterEach, describe, expect, it } from 'vitest';
import { connectClient, nextEvent, subscribed, waitUntil } from './helpers/clients.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
const cleanups: Array<() => unknown> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  await server?.close();
});

function client(id: string, info?: unknown) {
  const pusher = connectClient(server.port, { user: { id, info } });
  cleanups.push(() => pusher.disconnect());
  return pusher;
}

async function join(id: string, info?: unknown) {
  const pusher = client(id, info);
  const channel = (await subscribed(pusher, 'presence-lobby')) as PresenceChannel;
  return { pusher, channel };
}

describe('presence channels', () => {
  it('subscription_succeeded lists the members with ids, hash and count', async () => {
    server = await startTestServer();
    await join('alice', { name: 'Alice' });
    const { channel } = await join('bob', { name: 'Bob' });
    expect(channel.members.count).toBe(2);
    expect(channel.members.me).toEqual({ id: 'bob', info: { name: 'Bob' } });
    expect(channel.members.get('alice')).toEqual({ id: 'alice', info: { name: 'Alice' } });
  });

  it('member_added reaches the others when a user joins, member_removed when they leave', async () => {
    server = await startTestServer();
    const alice = await join('alice');
    const added = nextEvent<{ id: string }>(alice.channel, 'pusher:member_added');
    const bob = await join('bob', { name: 'Bob' });
    expect(await added).toEqual({ id: 'bob', info: { name: 'Bob' } });
    const removed = nextEvent<{ id: string }>(alice.channel, 'pusher:member_removed');
    bob.pusher.disconnect();
    expect((await removed).id).toBe('bob');
    expect(alice.channel.members.count).toBe(1);
  });

  it('a user with two sockets counts once and leaves only when both are gone', async () => {
    server = await startTestServer();
    const alice = await join('alice');
    const events: string[] = [];
    alice.channel.bind('pusher:member_added', (m: { id: string }) => events.push(`added ${m.id}`));
    alice.channel.bind('pusher:member_removed', (m: { id: string }) => events.push(`removed ${m.id}`));
    const bobTab1 = await join('bob');
    const bobTab2 = await join('bob');
    expect(bobTab2.channel.members.count).toBe(2);
    bobTab1.pusher.disconnect();
    await waitUntil(() => server.realtime.stats().connections === 2);
    expect(events).toEqual(['added bob']);
    bobTab2.pusher.disconnect();
    await waitUntil(() => events.length === 2);
    expect(events).toEqual(['added bob', 'removed bob']);
    expect(server.realtime.stats()).toMatchObject({ adapterPresenceSockets: 1, adapterPresenceUsers: 1 });
  });

  it('a presence channel full of distinct users refuses the next one', async () => {
    server = await startTestServer({ limits: { maxPresenceMembers: 1 } });
    await join('alice');
    await join('alice');
    const channel = client('bob').subscribe('presence-lobby');
    const error = await nextEvent<{ status: number }>(channel, 'pusher:subscription_error');
    expect(error.status).toBe(403);
  });

  it('channel_data without user_id is refused', async () => {
    server = await startTestServer();
    const { RawClient } = await import('./helpers/clients.ts');
    const { signChannelAuth } = await import('../src/auth-signature.ts');
    const { testApp } = await import('./helpers/test-server.ts');
    const socket = new RawClient(server.port);
    cleanups.push(() => socket.close());
    const socketId = await socket.socketId();
    const channelData = JSON.stringify({ user_info: {} });
    socket.send('pusher:subscribe', {
      channel: 'presence-lobby',
      auth: signChannelAuth(testApp, socketId, 'presence-lobby', channelData),
      channel_data: channelData,
    });
    const error = await socket.next((f) => f.event === 'pusher:subscription_error');
    expect(JSON.parse(error.data as string)).toMatchObject({ status: 400 });
  });

  it('presence state is empty again once everyone left', async () => {
    server = await startTestServer();
    const a = await join('alice');
    const b = await join('bob');
    a.pusher.disconnect();
    b.pusher.disconnect();
    await waitUntil(() => server.realtime.stats().connections === 0);
    await waitUntil(() => server.realtime.stats().inflight === 0);
    for (const value of Object.values(server.realtime.stats())) expect(value).toBe(0);
  });
});
