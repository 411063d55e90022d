import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { hmacSha256Hex, signChannelAuth } from '../src/auth-signature.ts';
import type { RealtimeLogger } from '../src/logger.ts';
import { withTimeout } from './helpers/clients.ts';
import { startTestServer, type TestServer, testApp } from './helpers/test-server.ts';

/**
 * Issue 21: the Pusher protocol survives any frame. Generated frames go over a few real sockets in
 * batches; every frame gets exactly the protocol's answer (or none), no socket handler throws, no
 * socket is dropped, and bystander connections receive every event sent meanwhile, in order.
 */

const SOCKETS = 8;
// The mutation target (`realtime` in stryker/targets.mjs) runs one round per mutant; npm test runs ten.
const ROUNDS = Number(process.env.REALTIME_FUZZ_ROUNDS ?? 10);
const FRAMES_PER_SOCKET_AND_ROUND = 1_250; // 8 × 10 × 1,250 = 100,000 generated frames
const MAX_PAYLOAD = 10_240; // the server's default maxPayloadBytes

/** What one reply frame is, for comparing a batch's replies with the expected ones as a multiset. */
type Reply = string;

/** A generated frame as the socket knows it (presence frames are signed for that socket's id). */
interface Intent {
  render(socket: FuzzSocket): { wire: string | Buffer; expect: Reply | null };
}

const plain = (wire: string | Buffer, expect: Reply | null): Intent => ({ render: () => ({ wire, expect }) });
const frame = (value: unknown) => JSON.stringify(value);
const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const json = fc.jsonValue({ maxDepth: 3 });
const CHANNEL_CHARS = /^[A-Za-z0-9_\-=@,.;]+$/;
const PROTOCOL_EVENTS = ['pusher:ping', 'pusher:pong', 'pusher:subscribe', 'pusher:unsubscribe'];

/** Any JSON value that is not an object with a string `event`: "A message needs an event name". */
const anyJson = json
  .filter((v) => !(isRecord(v) && typeof v.event === 'string'))
  .map((v) => plain(frame(v), 'error:4300'));

/** Text that is not JSON at all. */
const notJson = fc
  .string({ unit: 'binary', maxLength: 40 })
  .filter((s) => {
    try {
      JSON.parse(s);
      return false;
    } catch {
      return true;
    }
  })
  .map((s) => plain(s, 'error:4300'));

const binary = fc.uint8Array({ maxLength: 64 }).map((bytes) => plain(Buffer.from(bytes), 'error:4300'));

/** Unknown events, with any data and channel: "Unsupported event". */
const unknownEvent = fc
  .record({ event: fc.string({ unit: 'binary', maxLength: 30 }), data: json, channel: json })
  .filter(({ event }) => !event.startsWith('client-') && !PROTOCOL_EVENTS.includes(event))
  .map((m) => plain(frame(m), 'error:4300'));

/** A name the socket is not subscribed to (no fuzz socket ever joins a private- or public channel). */
const foreignChannel = fc.oneof(
  json,
  fc.string({ maxLength: 20 }),
  fc.string({ maxLength: 20 }).map((s) => `private-${s}`),
  fc.string({ maxLength: 20 }).map((s) => `presence-other-${s}`),
);

/** client-* events on a public channel, a channel not joined, or no channel: refused with 4302. */
const clientEvent = fc
  .record({
    event: fc.string({ maxLength: 250 }).map((s) => `client-${s}`),
    channel: foreignChannel,
    data: json,
  })
  .map((m) => plain(frame(m), 'error:4302'));

/** Unsubscribing from channels never joined (any data): no answer. */
const unsubscribe = fc
  .oneof(
    json,
    foreignChannel.map((channel) => ({ channel })),
  )
  .map((data) => plain(frame({ event: 'pusher:unsubscribe', data }), null));

/** pusher:subscribe with data that has no channel name: 4300. */
const subscribeWithoutChannel = json
  .filter((d) => typeof d !== 'string' && !(isRecord(d) && typeof d.channel === 'string'))
  .map((data) => plain(frame({ event: 'pusher:subscribe', data }), 'error:4300'));

/** Channel names the protocol does not allow: subscription_error InvalidChannel. */
const invalidChannelName = fc
  .oneof(fc.string({ unit: 'binary', maxLength: 30 }), fc.string({ minLength: 165, maxLength: 200 }))
  .filter((name) => name.length > 164 || !CHANNEL_CHARS.test(name))
  .map((channel) =>
    plain(frame({ event: 'pusher:subscribe', data: { channel } }), 'sub_error:InvalidChannel'),
  );

/** Private and presence channels with a forged or missing auth: subscription_error AuthError. */
const forgedAuth = fc
  .record({
    kind: fc.constantFrom('private-', 'presence-'),
    name: fc.stringMatching(/^[a-z0-9_-]{1,20}$/),
    auth: fc.oneof(json, fc.constant(`${testApp.key}:${'0'.repeat(64)}`)),
    channel_data: json,
  })
  .map(({ kind, name, auth, channel_data }) =>
    plain(
      frame({ event: 'pusher:subscribe', data: { channel: `${kind}${name}`, auth, channel_data } }),
      'sub_error:AuthError',
    ),
  );

/** The user_id rule of channel_data: a non-empty string of ≤ 128 characters without control characters, or a finite number. */
function acceptedUserId(channelData: string): boolean {
  if (Buffer.byteLength(channelData) > 1_024) return false;
  const parsed = JSON.parse(channelData) as { user_id?: unknown };
  const id = parsed.user_id;
  if (typeof id === 'number') return Number.isFinite(id);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the rule refuses
  return typeof id === 'string' && id.length > 0 && id.length <= 128 && !/[\u0000-\u001f]/.test(id);
}

/** Presence subscriptions signed correctly, with odd user_id types, control characters and big user_info. */
const presence = fc
  .record({
    userId: fc.oneof(
      fc.string({ unit: 'binary', maxLength: 12 }),
      fc.string({ minLength: 120, maxLength: 140 }),
      fc.integer(),
      fc.double(),
      fc.constantFrom('', null, true, false, [], {}, ['1'], { id: 1 }, '\u0000', 'a\nb', 'x\u001f'),
    ),
    userInfo: fc.oneof(json, fc.string({ minLength: 900, maxLength: 1_100 })),
  })
  .map(
    ({ userId, userInfo }): Intent => ({
      render(socket) {
        const channel = `presence-fuzz-${socket.index}-${socket.nextChannel++}`;
        const channelData = frame({ user_id: userId, user_info: userInfo });
        const auth = signChannelAuth(testApp, socket.socketId, channel, channelData);
        const ok = acceptedUserId(channelData);
        if (ok) socket.joined.push(channel);
        return {
          wire: frame({ event: 'pusher:subscribe', data: { channel, auth, channel_data: channelData } }),
          expect: ok ? 'succeeded' : 'sub_error:InvalidChannelData',
        };
      },
    }),
  );

/** Deeply nested JSON, just under the payload limit. */
const deeplyNested = fc.tuple(fc.integer({ min: 1_000, max: 4_000 }), fc.boolean()).map(([depth, asData]) => {
  const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
  return asData
    ? plain(`{"event":"client-deep","channel":"private-x","data":${nested}}`, 'error:4302')
    : plain(nested, 'error:4300');
});

const ping = fc.constant(plain(frame({ event: 'pusher:ping', data: {} }), 'pong'));
const pong = fc.constant(plain(frame({ event: 'pusher:pong' }), null));

const anyFrame: fc.Arbitrary<Intent> = fc.oneof(
  { arbitrary: anyJson, weight: 6 },
  { arbitrary: notJson, weight: 3 },
  { arbitrary: binary, weight: 2 },
  { arbitrary: unknownEvent, weight: 4 },
  { arbitrary: clientEvent, weight: 4 },
  { arbitrary: unsubscribe, weight: 3 },
  { arbitrary: subscribeWithoutChannel, weight: 2 },
  { arbitrary: invalidChannelName, weight: 2 },
  { arbitrary: forgedAuth, weight: 2 },
  { arbitrary: presence, weight: 1 },
  { arbitrary: deeplyNested, weight: 1 },
  { arbitrary: ping, weight: 1 },
  { arbitrary: pong, weight: 1 },
);

function replyOf(raw: string): Reply {
  const f = JSON.parse(raw) as { event: string; data: string };
  if (f.event === 'pusher:error') return `error:${(JSON.parse(f.data) as { code: number }).code}`;
  if (f.event === 'pusher:subscription_error')
    return `sub_error:${(JSON.parse(f.data) as { type: string }).type}`;
  if (f.event === 'pusher_internal:subscription_succeeded') return 'succeeded';
  if (f.event === 'pusher:pong') return 'pong';
  return `unexpected:${f.event}`;
}

class FuzzSocket {
  readonly ws: WebSocket;
  readonly replies: Reply[] = [];
  readonly joined: string[] = [];
  socketId = '';
  nextChannel = 0;
  closeCode: number | null = null;
  private wake: (() => void) | null = null;

  constructor(
    port: number,
    readonly index: number,
  ) {
    this.ws = new WebSocket(`ws://127.0.0.1:${port}/app/${testApp.key}?protocol=7&client=js&version=8.4.0`);
    this.ws.on('message', (raw) => {
      const text = raw.toString();
      if (!this.socketId)
        this.socketId = (JSON.parse(JSON.parse(text).data) as { socket_id: string }).socket_id;
      else this.replies.push(replyOf(text));
      this.wake?.();
    });
    this.ws.on('close', (code) => {
      this.closeCode = code;
      this.wake?.();
    });
  }

  async ready(): Promise<void> {
    await this.until(() => this.socketId !== '');
  }

  /** Resolves once `n` replies are in (or the socket closed), within 10 s. */
  async until(done: () => boolean): Promise<void> {
    await withTimeout(
      (async () => {
        while (!done() && this.closeCode === null) await new Promise<void>((r) => (this.wake = r));
      })(),
      10_000,
      `socket ${this.index}`,
    );
  }

  send(wire: string | Buffer): void {
    this.ws.send(wire, { binary: typeof wire !== 'string' });
  }
}

/** A bystander: records the data of every `tick` on its channel. */
class Bystander {
  readonly ws: WebSocket;
  readonly ticks: number[] = [];
  readonly clientTicks: number[] = [];
  readonly others: string[] = [];
  socketId = '';
  closeCode: number | null = null;

  constructor(port: number) {
    this.ws = new WebSocket(`ws://127.0.0.1:${port}/app/${testApp.key}?protocol=7&client=js&version=8.4.0`);
    this.ws.on('message', (raw) => {
      const f = JSON.parse(raw.toString()) as { event: string; data: string };
      if (f.event === 'pusher:connection_established')
        this.socketId = (JSON.parse(f.data) as { socket_id: string }).socket_id;
      else if (f.event === 'tick') this.ticks.push((JSON.parse(f.data) as { n: number }).n);
      else if (f.event === 'client-tick') this.clientTicks.push((JSON.parse(f.data) as { n: number }).n);
      else this.others.push(f.event);
    });
    this.ws.on('close', (code) => (this.closeCode = code));
  }

  async join(channel: string): Promise<void> {
    await withTimeout(
      (async () => {
        while (!this.socketId) await new Promise((r) => setTimeout(r, 5));
      })(),
      5_000,
      'bystander connection',
    );
    const auth = channel.startsWith('private-')
      ? signChannelAuth(testApp, this.socketId, channel)
      : undefined;
    this.ws.send(frame({ event: 'pusher:subscribe', data: { channel, auth } }));
    await withTimeout(
      (async () => {
        while (!this.others.includes('pusher_internal:subscription_succeeded'))
          await new Promise((r) => setTimeout(r, 5));
      })(),
      5_000,
      'bystander subscription',
    );
  }
}

/** Signs a Pusher HTTP API request the way the SDKs do (sorted, lower-cased parameters). */
function signedQuery(
  method: string,
  path: string,
  body: string,
  overrides: Record<string, string | undefined> = {},
) {
  const query: Record<string, string> = {
    auth_key: testApp.key,
    auth_timestamp: String(Math.floor(Date.now() / 1000)),
    auth_version: '1.0',
    body_md5: createHash('md5').update(body).digest('hex'),
  };
  for (const [k, v] of Object.entries(overrides)) {
    if (v === undefined) delete query[k];
    else query[k] = v;
  }
  const sorted = Object.keys(query)
    .sort()
    .map((k) => `${k}=${query[k]}`)
    .join('&');
  return { ...query, auth_signature: hmacSha256Hex(testApp.secret, `${method}\n${path}\n${sorted}`) };
}

let server: TestServer;
const logged: string[] = [];
const logger: RealtimeLogger = {
  info: () => {},
  warn: (_o, msg) => logged.push(`warn ${msg}`),
  error: (_o, msg) => logged.push(`error ${msg}`),
};
const uncaught: unknown[] = [];
const onUncaught = (error: unknown) => uncaught.push(error);

beforeAll(async () => {
  process.on('uncaughtException', onUncaught);
  process.on('unhandledRejection', onUncaught);
  server = await startTestServer({ logger });
});
afterAll(async () => {
  process.off('uncaughtException', onUncaught);
  process.off('unhandledRejection', onUncaught);
  await server?.close();
});

async function httpApi(path: string, query: Record<string, string>, body: string, order?: string[]) {
  const keys = order ?? Object.keys(query);
  const search = keys.map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(query[k] ?? '')}`).join('&');
  const res = await fetch(`http://127.0.0.1:${server.port}${path}?${search}`, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json' },
  });
  return { status: res.status, body: (await res.json()) as { error?: string } };
}

describe('realtime protocol fuzz (issue 21): any frame gets the protocol’s answer and bystanders keep receiving', () => {
  it('≥ 100,000 generated frames over real sockets: exact answers, 0 crashes, 0 lost bystander messages', async () => {
    const started = Date.now();
    const cpu = process.cpuUsage();
    const sockets = Array.from({ length: SOCKETS }, (_, i) => new FuzzSocket(server.port, i));
    const bystanders = [new Bystander(server.port), new Bystander(server.port), new Bystander(server.port)];
    await Promise.all(sockets.map((s) => s.ready()));
    await bystanders[0]!.join('bystanders');
    await bystanders[1]!.join('private-bystanders');
    await bystanders[2]!.join('private-bystanders');

    let framesSent = 0;
    let ticksSent = 0;
    let clientTicks = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.array(anyFrame, {
            minLength: FRAMES_PER_SOCKET_AND_ROUND,
            maxLength: FRAMES_PER_SOCKET_AND_ROUND,
          }),
          {
            minLength: SOCKETS,
            maxLength: SOCKETS,
          },
        ),
        async (batches) => {
          const expected = sockets.map((socket, i) => {
            socket.replies.length = 0;
            const wanted: Reply[] = ['pong'];
            for (const intent of batches[i]!) {
              const { wire, expect: reply } = intent.render(socket);
              socket.send(wire);
              if (reply) wanted.push(reply);
            }
            socket.send(frame({ event: 'pusher:ping' }));
            framesSent += batches[i]!.length;
            return wanted;
          });
          // Meanwhile the bystanders get server events and a client event.
          for (let k = 0; k < 5; k++) {
            ticksSent += 1;
            await server.realtime.trigger(['bystanders', 'private-bystanders'], 'tick', { n: ticksSent });
          }
          clientTicks += 1;
          bystanders[1]!.ws.send(
            frame({ event: 'client-tick', channel: 'private-bystanders', data: { n: clientTicks } }),
          );
          await Promise.all(sockets.map((s, i) => s.until(() => s.replies.length >= expected[i]!.length)));
          for (const [i, socket] of sockets.entries()) {
            expect(socket.closeCode).toBeNull();
            expect([...socket.replies].sort()).toEqual([...expected[i]!].sort());
            // Leave the presence channels joined in this round (no answer), so the channel limit never trips.
            for (const channel of socket.joined.splice(0)) {
              socket.send(frame({ event: 'pusher:unsubscribe', data: { channel } }));
              framesSent += 1;
            }
          }
        },
      ),
      { numRuns: ROUNDS, endOnFailure: true },
    );

    // Oversized frames: ws closes that socket with 1009 (message too big); nobody else notices.
    for (let i = 0; i < 3; i++) {
      const big = new FuzzSocket(server.port, 100 + i);
      await big.ready();
      big.send(
        frame({
          event: 'client-big',
          channel: 'private-bystanders',
          data: 'x'.repeat(MAX_PAYLOAD + i * 5_000),
        }),
      );
      framesSent += 1;
      await big.until(() => false);
      expect(big.closeCode).toBe(1009);
    }

    // Flush: one more ping each, then every bystander has every event, in order, once.
    for (const socket of sockets) {
      socket.replies.length = 0;
      socket.send(frame({ event: 'pusher:ping' }));
    }
    await Promise.all(sockets.map((s) => s.until(() => s.replies.length >= 1)));
    for (const socket of sockets) expect(socket.replies).toEqual(['pong']);
    const serverTicks = Array.from({ length: ticksSent }, (_, i) => i + 1);
    await withTimeout(
      (async () => {
        while (
          bystanders.some((b) => b.ticks.length < ticksSent) ||
          bystanders[2]!.clientTicks.length < clientTicks
        )
          await new Promise((r) => setTimeout(r, 5));
      })(),
      5_000,
      'bystander events',
    );
    for (const b of bystanders) expect(b.ticks).toEqual(serverTicks);
    // The sender of a client event does not get it back; the other member of the channel gets every one.
    expect(bystanders[1]!.clientTicks).toEqual([]);
    expect(bystanders[2]!.clientTicks).toEqual(Array.from({ length: clientTicks }, (_, i) => i + 1));
    expect(bystanders[0]!.clientTicks).toEqual([]);
    for (const b of bystanders) {
      expect(b.closeCode).toBeNull();
      expect(b.others).toEqual(['pusher_internal:subscription_succeeded']);
    }
    expect(uncaught).toEqual([]);
    expect(logged).toEqual([]);
    expect(server.realtime.stats()).toMatchObject({
      connections: SOCKETS + bystanders.length,
      subscriptions: 3,
    });
    expect(framesSent).toBeGreaterThanOrEqual(SOCKETS * ROUNDS * FRAMES_PER_SOCKET_AND_ROUND);
    const used = process.cpuUsage(cpu);
    console.info(
      `realtime fuzz: ${framesSent} frames in ${((Date.now() - started) / 1000).toFixed(1)} s ` +
        `(${((used.user + used.system) / 1e6).toFixed(1)} s CPU)`,
    );
    for (const s of [...sockets, ...bystanders]) s.ws.close();
  }, 180_000);

  it('HTTP API: a request with a missing or wrong auth_key, auth_signature, body_md5 or auth_version is refused with 401 and publishes nothing', async () => {
    const path = `/apps/${testApp.id}/events`;
    const b = new Bystander(server.port);
    await b.join('bystanders');
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          data: fc.string({ maxLength: 50 }),
          fault: fc.constantFrom(
            'no auth_key',
            'wrong auth_key',
            'no auth_signature',
            'wrong auth_signature',
            'no body_md5',
            'wrong body_md5',
            'no auth_version',
            'wrong auth_version',
            'signed unsorted',
          ),
          junk: fc.string({ minLength: 1, maxLength: 10 }),
        }),
        async ({ data, fault, junk }) => {
          const body = frame({ name: 'tick', channels: ['bystanders'], data: frame({ n: 0, data }) });
          const [what, key] = fault.split(' ') as [string, string];
          let query: Record<string, string>;
          let error: string;
          if (fault === 'signed unsorted') {
            // Signed over the parameters in the order sent instead of sorted: not the Pusher signature.
            query = signedQuery('POST', path, body);
            const unsorted = ['body_md5', 'auth_version', 'auth_timestamp', 'auth_key']
              .map((k) => `${k}=${query[k]}`)
              .join('&');
            query.auth_signature = hmacSha256Hex(testApp.secret, `POST\n${path}\n${unsorted}`);
            error = 'Invalid signature';
          } else if (key === 'auth_signature') {
            query = signedQuery('POST', path, body);
            if (what === 'no') delete query.auth_signature;
            else
              query.auth_signature = `${query.auth_signature!.slice(0, -1)}${query.auth_signature!.endsWith('0') ? '1' : '0'}`;
            error = what === 'no' ? 'Missing auth_signature' : 'Invalid signature';
          } else {
            // The other faults are signed correctly over what is sent: the server refuses the content itself.
            query = signedQuery('POST', path, body, { [key]: what === 'no' ? undefined : `${junk}x` });
            error = {
              auth_key: 'Unknown auth_key',
              body_md5: 'body_md5 does not match',
              auth_version: 'Unsupported auth_version',
            }[key]!;
          }
          const res = await httpApi(path, query, body);
          expect(res).toEqual({ status: 401, body: { error } });
        },
      ),
      { numRuns: 150 },
    );
    // One correct request afterwards: it is the only event the bystander ever gets.
    const body = frame({ name: 'tick', channels: ['bystanders'], data: frame({ n: 1 }) });
    expect(await httpApi(path, signedQuery('POST', path, body), body)).toEqual({ status: 200, body: {} });
    await withTimeout(
      (async () => {
        while (b.ticks.length < 1) await new Promise((r) => setTimeout(r, 5));
      })(),
      5_000,
      'tick',
    );
    expect(b.ticks).toEqual([1]);
    b.ws.close();
  });

  it('HTTP API: parameters in any order in the URL are accepted when signed sorted, as the SDKs do', async () => {
    const path = `/apps/${testApp.id}/events`;
    const b = new Bystander(server.port);
    await b.join('bystanders');
    let sent = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.shuffledSubarray(['auth_key', 'auth_timestamp', 'auth_version', 'body_md5', 'auth_signature'], {
          minLength: 5,
        }),
        async (order) => {
          sent += 1;
          const body = frame({ name: 'tick', channels: ['bystanders'], data: frame({ n: sent }) });
          const res = await httpApi(path, signedQuery('POST', path, body), body, order);
          expect(res).toEqual({ status: 200, body: {} });
        },
      ),
      { numRuns: 40 },
    );
    await withTimeout(
      (async () => {
        while (b.ticks.length < sent) await new Promise((r) => setTimeout(r, 5));
      })(),
      5_000,
      'ticks',
    );
    expect(b.ticks).toEqual(Array.from({ length: sent }, (_, i) => i + 1));
    b.ws.close();
  });
});
