import { describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { signChannelAuth } from '../src/auth-signature.ts';
import { waitUntil } from './helpers/clients.ts';
import { startTestServer, testApp } from './helpers/test-server.ts';

const CYCLES = 10_000;
const CONCURRENCY = 250;

/** One client life; the ending varies so every teardown path is exercised. */
function cycle(port: number, i: number): Promise<void> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${testApp.key}?protocol=7&client=js&version=8.4.0`);
    const send = (event: string, data: unknown, channel?: string) =>
      ws.send(JSON.stringify({ event, data, channel }));
    let succeeded = 0;
    const channels = ['news', `private-user_${i % 50}_chat`];
    if (i % 10 === 0) channels.push('presence-lobby');
    ws.on('error', () => {});
    ws.on('close', () => resolve());
    ws.on('message', (raw) => {
      const frame = JSON.parse(raw.toString()) as { event: string; data: string };
      if (frame.event === 'pusher:connection_established') {
        const socketId = (JSON.parse(frame.data) as { socket_id: string }).socket_id;
        if (i % 4 === 0 && i % 8 === 0) return ws.terminate();
        for (const channel of channels) {
          const channelData = channel.startsWith('presence-')
            ? JSON.stringify({ user_id: `u${i % 7}` })
            : undefined;
          const auth =
            channel === 'news' ? undefined : signChannelAuth(testApp, socketId, channel, channelData);
          send('pusher:subscribe', { channel, auth, channel_data: channelData });
        }
        // Leave while subscriptions are still being set up.
        if (i % 4 === 2) ws.close();
      } else if (
        frame.event === 'pusher_internal:subscription_succeeded' &&
        ++succeeded === channels.length
      ) {
        if (i % 4 === 3) send('pusher:unsubscribe', { channel: 'news' });
        if (i % 4 === 1) send('client-typing', {}, channels[1]);
        if (i % 4 === 0) ws.terminate();
        else ws.close();
      }
    });
  });
}

describe('resource leaks', () => {
  it(`after ${CYCLES} connect/subscribe/disconnect cycles every map and set in stats() is empty`, async () => {
    const server = await startTestServer();
    try {
      let next = 0;
      const worker = async () => {
        while (next < CYCLES) await cycle(server.port, next++);
      };
      await Promise.all(Array.from({ length: CONCURRENCY }, worker));
      await waitUntil(
        () => server.realtime.stats().connections === 0 && server.realtime.stats().inflight === 0,
      );
      const stats = server.realtime.stats();
      expect(Object.keys(stats).length).toBeGreaterThan(5);
      for (const [name, value] of Object.entries(stats)) expect({ name, value }).toEqual({ name, value: 0 });
    } finally {
      await server.close();
    }
  }, 60_000);
});
