// Runs connect/subscribe/disconnect cycles against a realtime server in a separate process, so
// the clients use the second core. argv: port, cycles, concurrency.
import { WebSocket } from 'ws';
import { signChannelAuth } from '../../src/auth-signature.ts';
import { testApp } from './test-server.ts';

/** One client life; the ending varies so every teardown path is exercised. */
function cycle(port: number, i: number): Promise<void> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/app/${testApp.key}?protocol=7&client=js&version=8.4.0`, {
      perMessageDeflate: false,
    });
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

const [port, cycles, concurrency] = process.argv.slice(2).map(Number) as [number, number, number];
let next = 0;
const worker = async () => {
  while (next < cycles) await cycle(port, next++);
};
await Promise.all(Array.from({ length: concurrency }, worker));
process.send?.({ done: next });
