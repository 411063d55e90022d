import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { hmacSha256Hex, signChannelAuth } from '../src/auth-signature.ts';
import { RawClient, type RawFrame, sleep } from './helpers/clients.ts';
import { startTestServer, type TestServer, testApp } from './helpers/test-server.ts';

/**
 * Issue 21: both sides of every protocol limit, and windows that trip and then reset. Raw sockets, so
 * every frame the server sends is seen.
 */

let server: TestServer;
const sockets: RawClient[] = [];
afterEach(async () => {
  for (const s of sockets.splice(0)) s.close();
  await server?.close();
});

async function connect(): Promise<RawClient & { id: string }> {
  const socket = new RawClient(server.port);
  sockets.push(socket);
  const id = await socket.socketId();
  return Object.assign(socket, { id });
}

const errorCode = (f: RawFrame) => (JSON.parse(f.data as string) as { code: number }).code;
const isError = (f: RawFrame) => f.event === 'pusher:error';
const subResult = (channel: string) => (f: RawFrame) =>
  f.channel === channel &&
  (f.event === 'pusher_internal:subscription_succeeded' || f.event === 'pusher:subscription_error');

async function join(socket: RawClient & { id: string }, channel: string, channelData?: string) {
  const auth = channel.startsWith('public')
    ? undefined
    : signChannelAuth(testApp, socket.id, channel, channelData);
  socket.send('pusher:subscribe', { channel, auth, channel_data: channelData });
  const result = await socket.next(subResult(channel));
  socket.frames.splice(socket.frames.indexOf(result), 1);
  return result.event === 'pusher_internal:subscription_succeeded'
    ? 'ok'
    : (JSON.parse(result.data as string) as { type: string; status: number });
}

/** Sends a ping and resolves once its pong is back: everything sent before has been answered. */
async function settle(socket: RawClient): Promise<void> {
  const before = socket.frames.filter((f) => f.event === 'pusher:pong').length;
  socket.send('pusher:ping', {});
  await socket.next(
    (f) =>
      f.event === 'pusher:pong' && socket.frames.filter((x) => x.event === 'pusher:pong').length > before,
  );
  await sleep(20);
}

describe('realtime protocol limits: both sides, trips and resets', () => {
  it('client event rate: clientEventsPerSecond pass, the next gets 4301, and a new second lets them through again', async () => {
    server = await startTestServer({ limits: { clientEventsPerSecond: 3 } });
    const sender = await connect();
    const receiver = await connect();
    expect(await join(sender, 'private-rate')).toBe('ok');
    expect(await join(receiver, 'private-rate')).toBe('ok');
    const send = (n: number) => sender.send('client-n', { n }, 'private-rate');
    const received = () =>
      receiver.frames
        .filter((f) => f.event === 'client-n')
        .map((f) => (JSON.parse(f.data as string) as { n: number }).n);

    for (let n = 1; n <= 4; n++) send(n);
    await settle(sender);
    await settle(receiver);
    expect(received()).toEqual([1, 2, 3]);
    expect(sender.frames.filter(isError).map(errorCode)).toEqual([4301]);

    await sleep(1_050);
    for (let n = 5; n <= 8; n++) send(n);
    await settle(sender);
    await settle(receiver);
    expect(received()).toEqual([1, 2, 3, 5, 6, 7]);
    expect(sender.frames.filter(isError).map(errorCode)).toEqual([4301, 4301]);
  });

  it('client event data: exactly maxEventDataBytes is relayed, one byte more is refused with 4302', async () => {
    server = await startTestServer({ limits: { maxEventDataBytes: 100 } });
    const sender = await connect();
    const receiver = await connect();
    await join(sender, 'private-size');
    await join(receiver, 'private-size');
    sender.send('client-fits', 'x'.repeat(100), 'private-size');
    sender.send('client-too-big', 'x'.repeat(101), 'private-size');
    await settle(sender);
    await settle(receiver);
    expect(receiver.frames.filter((f) => f.event.startsWith('client-')).map((f) => f.event)).toEqual([
      'client-fits',
    ]);
    expect(sender.frames.filter(isError).map((f) => JSON.parse(f.data as string))).toEqual([
      { code: 4302, message: 'Event data too large' },
    ]);
  });

  it('client event names: 200 characters are relayed, 201 are refused with 4302', async () => {
    server = await startTestServer();
    const sender = await connect();
    const receiver = await connect();
    await join(sender, 'private-names');
    await join(receiver, 'private-names');
    const name200 = `client-${'a'.repeat(193)}`;
    sender.send(name200, {}, 'private-names');
    sender.send(`${name200}b`, {}, 'private-names');
    await settle(sender);
    await settle(receiver);
    expect(receiver.frames.filter((f) => f.event.startsWith('client-')).map((f) => f.event.length)).toEqual([
      200,
    ]);
    expect(sender.frames.filter(isError).map((f) => JSON.parse(f.data as string))).toEqual([
      { code: 4302, message: 'Event name too long' },
    ]);
  });

  it('channel names: 164 characters may be joined, 165 are InvalidChannel (400)', async () => {
    server = await startTestServer();
    const socket = await connect();
    expect(await join(socket, `public-${'c'.repeat(157)}`)).toBe('ok');
    expect(await join(socket, `public-${'c'.repeat(158)}`)).toEqual({
      type: 'InvalidChannel',
      error: 'Invalid channel name',
      status: 400,
    });
  });

  it('channels per socket: the limit is reached at maxChannelsPerSocket (429), and leaving one makes room again', async () => {
    server = await startTestServer({ limits: { maxChannelsPerSocket: 2 } });
    const socket = await connect();
    expect(await join(socket, 'public-1')).toBe('ok');
    expect(await join(socket, 'public-2')).toBe('ok');
    expect(await join(socket, 'public-3')).toEqual({
      type: 'LimitReached',
      error: 'Too many channels on this connection',
      status: 429,
    });
    socket.send('pusher:unsubscribe', { channel: 'public-1' });
    expect(await join(socket, 'public-3')).toBe('ok');
    expect(server.realtime.stats()).toMatchObject({ subscriptions: 2 });
  });

  it('presence user_id: 128 characters are accepted, 129 or a control character are InvalidChannelData; channel_data over 1,024 bytes too', async () => {
    server = await startTestServer();
    const socket = await connect();
    const data = (userId: unknown, info: unknown = null) =>
      JSON.stringify({ user_id: userId, user_info: info });
    const refused = { type: 'InvalidChannelData', error: 'channel_data needs a user_id', status: 400 };
    expect(await join(socket, 'presence-a', data('u'.repeat(128)))).toBe('ok');
    expect(await join(socket, 'presence-b', data('u'.repeat(129)))).toEqual(refused);
    expect(await join(socket, 'presence-c', data('tab\there'))).toEqual(refused);
    expect(await join(socket, 'presence-d', data(''))).toEqual(refused);
    expect(await join(socket, 'presence-e', data(42))).toBe('ok');
    expect(await join(socket, 'presence-f', data(true))).toEqual(refused);
    const fits = data('x', 'i'.repeat(1_024 - data('x', '').length));
    expect(Buffer.byteLength(fits)).toBe(1_024);
    expect(await join(socket, 'presence-g', fits)).toBe('ok');
    expect(await join(socket, 'presence-h', `${fits.slice(0, -2)}i"}`)).toEqual(refused);
  });

  it('presence members: maxPresenceMembers distinct users fit, the next is refused (403), a second socket of a member counts once', async () => {
    server = await startTestServer({ limits: { maxPresenceMembers: 2 } });
    const member = (id: string) => JSON.stringify({ user_id: id });
    const [a, a2, b, c] = [await connect(), await connect(), await connect(), await connect()];
    expect(await join(a, 'presence-room', member('a'))).toBe('ok');
    expect(await join(b, 'presence-room', member('b'))).toBe('ok');
    expect(await join(a2, 'presence-room', member('a'))).toBe('ok');
    expect(await join(c, 'presence-room', member('c'))).toEqual({
      type: 'LimitReached',
      error: 'Presence channel is full',
      status: 403,
    });
    b.send('pusher:unsubscribe', { channel: 'presence-room' });
    await settle(b);
    expect(await join(c, 'presence-room', member('c'))).toBe('ok');
  });
});

describe('realtime HTTP API checks: both sides', () => {
  const path = `/apps/${testApp.id}/events`;
  async function post(
    body: string,
    query: Record<string, string | undefined>,
    signWith?: Record<string, string>,
  ) {
    const q = Object.fromEntries(Object.entries(query).filter(([, v]) => v !== undefined)) as Record<
      string,
      string
    >;
    const signed = signWith ?? q;
    const params = Object.keys(signed)
      .sort()
      .map((k) => `${k}=${signed[k]}`)
      .join('&');
    q.auth_signature = hmacSha256Hex(testApp.secret, `POST\n${path}\n${params}`);
    const res = await fetch(`http://127.0.0.1:${server.port}${path}?${new URLSearchParams(q)}`, {
      method: 'POST',
      body,
    });
    return { status: res.status, body: await res.json() };
  }
  const now = () => Math.floor(Date.now() / 1000);
  const md5 = (s: string) => createHash('md5').update(s).digest('hex');
  const base = (body: string, ts = now()) => ({
    auth_key: testApp.key,
    auth_timestamp: String(ts),
    auth_version: '1.0',
    body_md5: md5(body),
  });
  const event = JSON.stringify({ name: 'e', channel: 'public-x', data: '{}' });

  it('auth_timestamp: 590 s off either way is accepted, 610 s is refused, none at all too', async () => {
    server = await startTestServer();
    expect(await post(event, base(event, now() - 590))).toEqual({ status: 200, body: {} });
    expect(await post(event, base(event, now() + 590))).toEqual({ status: 200, body: {} });
    const expired = { status: 401, body: { error: 'Timestamp expired: more than 600 s off' } };
    expect(await post(event, base(event, now() - 610))).toEqual(expired);
    expect(await post(event, base(event, now() + 610))).toEqual(expired);
    expect(await post(event, { ...base(event), auth_timestamp: undefined })).toEqual({
      status: 401,
      body: { error: 'Missing auth_timestamp' },
    });
    expect(await post(event, { ...base(event), auth_timestamp: 'soon' })).toEqual({
      status: 401,
      body: { error: 'Missing auth_timestamp' },
    });
  });

  it('body_md5: a body needs it, a body without it or with a wrong one is refused; a GET without body needs none', async () => {
    server = await startTestServer();
    expect(await post(event, { ...base(event), body_md5: undefined })).toEqual({
      status: 401,
      body: { error: 'body_md5 does not match' },
    });
    expect(await post(event, { ...base(event), body_md5: md5(`${event} `) })).toEqual({
      status: 401,
      body: { error: 'body_md5 does not match' },
    });
    const channelsPath = `/apps/${testApp.id}/channels`;
    const q = { auth_key: testApp.key, auth_timestamp: String(now()), auth_version: '1.0' };
    const params = Object.keys(q)
      .sort()
      .map((k) => `${k}=${q[k as keyof typeof q]}`)
      .join('&');
    const signature = hmacSha256Hex(testApp.secret, `GET\n${channelsPath}\n${params}`);
    const res = await fetch(
      `http://127.0.0.1:${server.port}${channelsPath}?${new URLSearchParams({ ...q, auth_signature: signature })}`,
    );
    expect({ status: res.status, body: await res.json() }).toEqual({ status: 200, body: { channels: {} } });
  });

  it('event limits: 100 channels and 10 events per batch pass, 101 and 11 are refused with 400; data over the limit 413', async () => {
    server = await startTestServer({ limits: { maxEventDataBytes: 10 } });
    const channels = (n: number) => Array.from({ length: n }, (_, i) => `public-${i}`);
    const ok = (n: number) => JSON.stringify({ name: 'e', channels: channels(n), data: '0123456789' });
    expect(await post(ok(100), base(ok(100)))).toEqual({ status: 200, body: {} });
    expect(await post(ok(101), base(ok(101)))).toEqual({
      status: 400,
      body: { error: 'At most 100 channels per event' },
    });
    const big = JSON.stringify({ name: 'e', channels: ['a'], data: '01234567890' });
    expect(await post(big, base(big))).toEqual({
      status: 413,
      body: { error: 'data is larger than 10 bytes' },
    });
    const batchPath = `/apps/${testApp.id}/batch_events`;
    const batch = (n: number) =>
      JSON.stringify({ batch: Array.from({ length: n }, () => ({ name: 'e', channel: 'a', data: '1' })) });
    const postBatch = async (body: string) => {
      const q = base(body);
      const params = Object.keys(q)
        .sort()
        .map((k) => `${k}=${q[k as keyof typeof q]}`)
        .join('&');
      const signature = hmacSha256Hex(testApp.secret, `POST\n${batchPath}\n${params}`);
      const res = await fetch(
        `http://127.0.0.1:${server.port}${batchPath}?${new URLSearchParams({ ...q, auth_signature: signature })}`,
        { method: 'POST', body },
      );
      return { status: res.status, body: await res.json() };
    };
    expect(await postBatch(batch(10))).toEqual({
      status: 200,
      body: { batch: Array.from({ length: 10 }, () => ({})) },
    });
    expect(await postBatch(batch(11))).toEqual({
      status: 400,
      body: { error: 'At most 10 events per batch' },
    });
    expect(await postBatch(batch(0))).toEqual({ status: 400, body: { error: 'batch is empty' } });
  });
});
