import { connect } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import {
  connectClient,
  nextEvent,
  RawClient,
  sleep,
  subscribed,
  waitForState,
  waitUntil,
} from './helpers/clients.ts';
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

function raw(path?: string) {
  const socket = new RawClient(server.port, path);
  cleanups.push(() => socket.close());
  return socket;
}

describe('connection', () => {
  it('pusher-js connects and gets a socket id of the form digits.digits', async () => {
    server = await startTestServer();
    const pusher = client();
    await waitForState(pusher, 'connected');
    expect(pusher.connection.socket_id).toMatch(/^\d+\.\d+$/);
  });

  it('connection_established carries data as a JSON string with socket_id and activity_timeout 120', async () => {
    server = await startTestServer();
    const frame = await raw().next((f) => f.event === 'pusher:connection_established');
    expect(typeof frame.data).toBe('string');
    expect(JSON.parse(frame.data as string)).toEqual({
      socket_id: expect.stringMatching(/^\d+\.\d+$/),
      activity_timeout: 120,
    });
  });

  it('unknown app key is refused with 4001', async () => {
    server = await startTestServer();
    const pusher = client({ key: 'wrong-key' });
    const error = await nextEvent<{ error: { data: { code: number } } }>(pusher.connection, 'error');
    expect(error.error.data.code).toBe(4001);
    await waitForState(pusher, 'disconnected');
    const socket = raw('/app/wrong-key?protocol=7');
    expect(await socket.closed).toBe(4001);
    expect(JSON.parse(socket.frames[0]?.data as string)).toMatchObject({ code: 4001 });
  });

  it('a missing protocol is refused with 4008 and an unsupported one with 4007', async () => {
    server = await startTestServer();
    const missing = raw(`/app/${testApp.key}?client=js`);
    expect(await missing.closed).toBe(4008);
    expect(JSON.parse(missing.frames[0]?.data as string)).toMatchObject({ code: 4008 });
    expect(await raw(`/app/${testApp.key}?protocol=6`).closed).toBe(4007);
  });

  it('paths other than /app/{key} are left to the caller', async () => {
    server = await startTestServer();
    const socket = raw('/socket?protocol=7');
    expect(await socket.closed).toBe(1006);
  });

  it('connections beyond maxConnections are refused with 4100', async () => {
    server = await startTestServer({ limits: { maxConnections: 1 } });
    await raw().socketId();
    expect(await raw().closed).toBe(4100);
  });

  it('connections from one address beyond maxConnectionsPerAddress are refused with 4100 "Over capacity"; others and a freed place are not', async () => {
    server = await startTestServer({
      limits: { maxConnectionsPerAddress: 2 },
      // The test's own header stands for the client's address.
      clientAddress: (req) => String(req.headers['user-agent']),
    });
    const from = (address: string) => new RawClient(server.port, undefined, { 'user-agent': address });
    const first = from('a');
    await Promise.all([first.socketId(), from('a').socketId(), from('b').socketId()]);
    const third = from('a');
    const refusal = await third.next((f) => f.event === 'pusher:error');
    expect(JSON.parse(refusal.data as string)).toEqual({ code: 4100, message: 'Over capacity' });
    expect(await third.closed).toBe(4100);
    expect(server.realtime.stats().connections).toBe(3);
    first.close();
    await waitUntil(() => server.realtime.stats().connections === 2);
    await from('a').socketId();
    expect(server.realtime.stats().connections).toBe(3);
  });

  it('a socket that subscribes to no channel within subscribeTimeoutSec is closed with 4200; a subscribed one stays', async () => {
    server = await startTestServer({ limits: { subscribeTimeoutSec: 0.3 } });
    const idle = raw();
    const listening = raw();
    await Promise.all([idle.socketId(), listening.socketId()]);
    listening.send('pusher:subscribe', { channel: 'news' });
    await listening.next((f) => f.event === 'pusher_internal:subscription_succeeded');
    expect(await idle.closed).toBe(4200);
    await sleep(400);
    expect(listening.closeCode).toBeNull();
    expect(server.realtime.stats().connections).toBe(1);
  });

  it('pusher:ping is answered with pusher:pong', async () => {
    server = await startTestServer();
    const socket = raw();
    await socket.socketId();
    socket.send('pusher:ping', {});
    const pong = await socket.next((f) => f.event === 'pusher:pong');
    expect(typeof pong.data).toBe('string');
  });

  it('a silent socket gets pusher:ping and is closed with 4201 when no pong comes', async () => {
    server = await startTestServer({ limits: { activityTimeoutSec: 0.2, pongTimeoutMs: 200 } });
    const socket = raw();
    await socket.next((f) => f.event === 'pusher:ping');
    expect(await socket.closed).toBe(4201);
    expect(server.realtime.stats().connections).toBe(0);
  });

  it('memory rule (issue 18): every socket shares one set of handlers, and each still reaches its own connection', async () => {
    server = await startTestServer({ limits: { activityTimeoutSec: 0.3, pongTimeoutMs: 300 } });
    const lively = raw();
    const silent = raw();
    await Promise.all([lively.socketId(), silent.socketId()]);
    // A WebSocket pong counts as activity: only for the socket that sent it.
    const pongs = setInterval(() => lively.ws.pong(), 100);
    try {
      expect(await silent.closed).toBe(4201);
      await sleep(400);
      expect(lively.closeCode).toBeNull();
      expect(server.realtime.stats().connections).toBe(1);
    } finally {
      clearInterval(pongs);
    }
  });

  it('pusher-js answers server pings and stays connected past the pong timeout', async () => {
    server = await startTestServer({ limits: { activityTimeoutSec: 0.2, pongTimeoutMs: 200 } });
    // The client's own activity timer is long, so only the server's pings keep it alive.
    const pusher = client({ activityTimeout: 60_000 });
    await waitForState(pusher, 'connected');
    const socketId = pusher.connection.socket_id;
    await sleep(1_000);
    expect(pusher.connection.state).toBe('connected');
    expect(pusher.connection.socket_id).toBe(socketId);
  });

  it('bad JSON and unknown events get pusher:error without closing the socket', async () => {
    server = await startTestServer();
    const socket = raw();
    await socket.socketId();
    socket.ws.send('{not json');
    const error = await socket.next((f) => f.event === 'pusher:error');
    expect(JSON.parse(error.data as string)).toMatchObject({ code: 4300 });
    socket.send('pusher:launch_rockets', {});
    await socket.next((f) => f.event === 'pusher:error' && (f.data as string).includes('Unsupported'));
    socket.send('pusher:ping', {});
    await socket.next((f) => f.event === 'pusher:pong');
    expect(socket.closeCode).toBeNull();
  });

  it('frames larger than maxPayloadBytes close the socket with 1009', async () => {
    server = await startTestServer({ limits: { maxPayloadBytes: 1_024 } });
    const socket = raw();
    await socket.socketId();
    socket.send('client-big', { blob: 'x'.repeat(2_000) }, 'private-a');
    expect(await socket.closed).toBe(1009);
  });

  it('pusher-js reconnects at once after the server closes it with 4200', async () => {
    server = await startTestServer();
    const pusher = client();
    await subscribed(pusher, 'private-user_1_chat');
    const firstId = pusher.connection.socket_id;
    const reconnected = nextEvent(pusher.connection, 'connected');
    await server.realtime.disconnectSubscribers('private-user_1_', 4200);
    await reconnected;
    expect(pusher.connection.socket_id).not.toBe(firstId);
    // pusher-js resubscribes on reconnect, which the server accepts for the new socket.
    await waitUntil(() => server.realtime.stats().channelMembers === 1);
  });

  it('close() ends every socket with 4200 and leaves no state behind', async () => {
    server = await startTestServer();
    const sockets = [raw(), raw(), raw()];
    await Promise.all(sockets.map((s) => s.socketId()));
    sockets[0]?.send('pusher:subscribe', { channel: 'news' });
    await sockets[0]?.next((f) => f.event === 'pusher_internal:subscription_succeeded');
    await server.realtime.close();
    expect(await Promise.all(sockets.map((s) => s.closed))).toEqual([4200, 4200, 4200]);
    for (const value of Object.values(server.realtime.stats())) expect(value).toBe(0);
  });

  it('a draining server refuses an upgrade with 503, and a client that resets it then does not end the process', async () => {
    server = await startTestServer();
    await server.realtime.close();
    const errors: unknown[] = [];
    const record = (err: unknown) => errors.push(err);
    process.on('uncaughtException', record);
    try {
      for (let i = 0; i < 20; i++) {
        const socket = connect(server.port, '127.0.0.1');
        await new Promise((resolve) => socket.once('connect', resolve));
        socket.on('error', () => {});
        socket.write(
          `GET /app/${testApp.key}?protocol=7 HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
            'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
        );
        socket.resetAndDestroy();
      }
      const answer = await new Promise<string>((resolve) => {
        const socket = connect(server.port, '127.0.0.1', () =>
          socket.write(
            `GET /app/${testApp.key}?protocol=7 HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n` +
              'Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
          ),
        );
        socket.on('data', (d) => resolve(d.toString()));
        socket.on('error', () => resolve(''));
      });
      expect(answer).toMatch(/^HTTP\/1\.1 503/);
      await sleep(100);
      expect(errors).toEqual([]);
    } finally {
      process.off('uncaughtException', record);
    }
  });
});
