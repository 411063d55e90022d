import { afterEach, describe, expect, it } from 'vitest';
import { RawClient, waitUntil } from './helpers/clients.ts';
import { startTestServer, type TestServer } from './helpers/test-server.ts';

let server: TestServer;

afterEach(async () => {
  await server?.close();
});

describe('limits', () => {
  it('a socket that stops reading is closed with 4100 once maxBufferedBytes is exceeded', async () => {
    server = await startTestServer({ limits: { maxBufferedBytes: 256 * 1024 } });
    const slow = new RawClient(server.port);
    const fast = new RawClient(server.port);
    await Promise.all([slow.socketId(), fast.socketId()]);
    slow.send('pusher:subscribe', { channel: 'firehose' });
    fast.send('pusher:subscribe', { channel: 'firehose' });
    await slow.next((f) => f.event === 'pusher_internal:subscription_succeeded');
    await fast.next((f) => f.event === 'pusher_internal:subscription_succeeded');
    // Stop reading: the kernel buffers fill, then ws starts buffering in user space.
    const rawSocket = (slow.ws as unknown as { _socket: { pause(): void; resume(): void } })._socket;
    rawSocket.pause();
    const payload = 'x'.repeat(10_000);
    for (let i = 0; i < 4_000 && server.realtime.stats().connections === 2; i++) {
      await server.realtime.trigger(['firehose'], 'chunk', payload);
      if (i % 50 === 0) await new Promise((resolve) => setImmediate(resolve));
    }
    await waitUntil(() => server.realtime.stats().connections === 1);
    expect(server.realtime.stats().channelMembers).toBe(1);
    rawSocket.resume();
    expect(await slow.closed).toBe(4100);
    expect(fast.closeCode).toBeNull();
    fast.close();
  });
});
