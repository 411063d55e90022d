import { memberChannel } from '@trostnetz/contracts/realtime';
import type PusherClient from 'pusher-js';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { registerMember } from '../../test/factories.ts';
import { connectPusher, subscribed, waitFor } from '../../test/pusher-client.ts';
import { createListeningTestApp, type TestApp } from '../../test/test-app.ts';

const CAP = 3;
let t: TestApp;
let port: number;
beforeAll(async () => {
  ({ port, ...t } = await createListeningTestApp({
    REALTIME_MAX_CONNECTIONS_PER_ADDRESS: String(CAP),
    REALTIME_ACTIVITY_TIMEOUT_SECONDS: '1',
  }));
});
afterAll(() => t.close());

const clients: PusherClient[] = [];
afterEach(() => {
  for (const c of clients.splice(0)) c.disconnect();
});

/** A member's pusher-js client, connected and listening on the member's own channel. */
async function listening() {
  const m = await registerMember(t);
  const client = connectPusher(port, t.config.realtime.key, m.token);
  clients.push(client);
  await subscribed(client, memberChannel(m.id, 'chat_message'));
  return client;
}

/** A bare WebSocket on the app's Pusher path, as pusher-js opens it. */
const rawSocket = () =>
  new WebSocket(`ws://127.0.0.1:${port}/app/${t.config.realtime.key}?protocol=7&client=js&version=8.4.0`);

const connections = () => t.app.realtime!.stats().connections;

describe('live connections per client address', () => {
  it('the cap-th connection from one address is accepted, the next is refused with a 4100 "Over capacity" error event; a freed place is taken again', async () => {
    for (let i = 0; i < CAP; i++) await listening();
    expect(connections()).toBe(CAP);

    const extra = rawSocket();
    const [frame, code] = await Promise.all([
      waitFor<string>((done) => extra.once('message', (raw) => done(raw.toString()))),
      waitFor<number>((done) => extra.on('close', done)),
    ]);
    // The Pusher protocol's refusal: an error event, then the close with the same code (pusher-js backs off).
    const refusal = JSON.parse(frame) as { event: string; data: string };
    expect(refusal.event).toBe('pusher:error');
    expect(JSON.parse(refusal.data)).toEqual({ code: 4100, message: 'Over capacity' });
    expect(code).toBe(4100);
    expect(connections()).toBe(CAP);

    // One of them leaves: the next one from the address gets in.
    clients.shift()!.disconnect();
    await waitFor<void>((done) => {
      const poll = setInterval(() => {
        if (connections() >= CAP) return;
        clearInterval(poll);
        done();
      }, 20);
    });
    await listening();
    expect(connections()).toBe(CAP);
  });

  it('a socket that never subscribes to a channel is closed after the activity timeout; a listening one stays', async () => {
    const client = await listening();
    const idle = rawSocket();
    const frames: string[] = [];
    idle.on('message', (raw) => frames.push(JSON.parse(raw.toString()).event));
    const opened = Date.now();
    const code = await waitFor<number>((done) => idle.on('close', done), 4_000);
    expect(frames[0]).toBe('pusher:connection_established');
    expect(code).toBe(4200);
    expect(Date.now() - opened).toBeGreaterThanOrEqual(1_000);
    expect(client.connection.state).toBe('connected');
    expect(connections()).toBe(1);
  });
});
