import { afterEach, describe, expect, it } from 'vitest';
import { connectClient, nextEvent, RawClient, subscribed } from './helpers/clients.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;
const cleanups: Array<() => unknown> = [];

afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
  await server?.close();
});

async function rawSubscriber(channel: string): Promise<RawClient> {
  const socket = new RawClient(server.port);
  cleanups.push(() => socket.close());
  await socket.socketId();
  socket.send('pusher:subscribe', { channel });
  await socket.next((f) => f.event === 'pusher_internal:subscription_succeeded');
  return socket;
}

describe('delivery', () => {
  it('payloads of every WebSocket length class (7-bit, 16-bit, 64-bit) arrive intact', async () => {
    server = await startTestServer();
    const socket = await rawSubscriber('sizes');
    const sizes = [10, 200, 70_000];
    for (const size of sizes) await server.realtime.trigger(['sizes'], 'blob', 'b'.repeat(size));
    for (const size of sizes) {
      const frame = await socket.next((f) => f.event === 'blob' && (f.data as string).length === size);
      expect(frame.data).toBe('b'.repeat(size));
    }
    expect(socket.closeCode).toBeNull();
  });

  it('many events in one event-loop turn arrive complete and in order', async () => {
    server = await startTestServer();
    const socket = await rawSubscriber('burst');
    const triggers = Array.from({ length: 500 }, (_, i) => server.realtime.trigger(['burst'], 'n', { i }));
    await Promise.all(triggers);
    await socket.next((f) => f.event === 'n' && f.data === '{"i":499}');
    const received = socket.frames.filter((f) => f.event === 'n').map((f) => JSON.parse(f.data as string).i);
    expect(received).toEqual(Array.from({ length: 500 }, (_, i) => i));
  });

  it('trigger() JSON-encodes objects once and pusher-js receives them decoded', async () => {
    server = await startTestServer();
    const pusher = connectClient(server.port);
    cleanups.push(() => pusher.disconnect());
    const channel = await subscribed(pusher, 'private-user_3_friend_requests_changed');
    const received = nextEvent(channel, 'friend_requests.changed');
    await server.realtime.trigger(['private-user_3_friend_requests_changed'], 'friend_requests.changed', {
      count: 2,
    });
    expect(await received).toEqual({ count: 2 });
  });

  it('trigger() refuses invalid channel and event names', async () => {
    server = await startTestServer();
    await expect(server.realtime.trigger(['bad name'], 'x', {})).rejects.toThrow(TypeError);
    await expect(server.realtime.trigger(['ok'], '', {})).rejects.toThrow(TypeError);
  });
});
