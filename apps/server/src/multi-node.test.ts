import { request as httpRequest } from 'node:http';
import { memberChannel } from '@trostnetz/contracts/realtime';
import pg from 'pg';
import Pusher from 'pusher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { strongPassword } from './test/factories.ts';
import { connectPusher, subscribed, waitFor } from './test/pusher-client.ts';
import { type SpawnedServer, sharedSecrets, spawnServer } from './test/spawn-server.ts';

const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
// Runs once (in the PGlite project) and only when both services are available.
const enabled = Boolean(pgUrl && redisUrl) && process.env.TEST_DB !== 'postgres';

/** The official server SDK, publishing through a node's HTTP events API. */
const sdkFor = (node: SpawnedServer) =>
  new Pusher({
    appId: sharedSecrets.PUSHER_APP_ID,
    key: sharedSecrets.PUSHER_APP_KEY,
    secret: sharedSecrets.PUSHER_APP_SECRET,
    host: '127.0.0.1',
    port: String(node.port),
    useTLS: false,
  });

async function register(node: SpawnedServer, email: string) {
  const res = await fetch(`${node.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: strongPassword,
      password_confirmation: strongPassword,
      nickname: 'Knoten',
      terms_accepted: true,
      locale: 'de',
    }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { token: string; user: { id: number } };
}

describe.skipIf(!enabled)('two app processes sharing PostgreSQL and Redis', () => {
  let a: SpawnedServer;
  let b: SpawnedServer;
  const dbName = `t_multinode_${process.pid}`;
  let admin: pg.Client;
  let env: Record<string, string> = {};

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: pgUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
    const url = new URL(pgUrl!);
    url.pathname = `/${dbName}`;
    // A prefix of its own: rate-limit counters and realtime keys of earlier runs on this Redis never count here.
    env = {
      DATABASE_URL: url.toString(),
      REDIS_URL: redisUrl!,
      REDIS_PREFIX: `test-${dbName}-${Date.now()}`,
    };
    a = await spawnServer(env);
    b = await spawnServer(env);
  }, 90_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  });

  it('an event published on node A reaches a client connected to node B', async () => {
    const m = await register(a, `multi-${Date.now()}@example.org`);
    const client = connectPusher(b.port, sharedSecrets.PUSHER_APP_KEY, m.token);
    try {
      const channel = memberChannel(m.user.id, 'chat_message');
      await subscribed(client, channel);
      const got = waitFor<unknown>((done) => client.channel(channel).bind('ChatMessageNew', done));
      await sdkFor(a).trigger(channel, 'ChatMessageNew', { message: { id: 1 } });
      expect(await got).toEqual({ message: { id: 1 } });
    } finally {
      client.disconnect();
    }
  });

  it('logout on node A closes the member’s socket on node B', async () => {
    const m = await register(a, `multi-logout-${Date.now()}@example.org`);
    const client = connectPusher(b.port, sharedSecrets.PUSHER_APP_KEY, m.token);
    try {
      await subscribed(client, memberChannel(m.user.id, 'chat_contacts'));
      const dropped = waitFor<void>((done) =>
        client.connection.bind(
          'state_change',
          (s: { current: string }) => s.current !== 'connected' && done(),
        ),
      );
      const res = await fetch(`${a.url}/api/auth/tokens/revoke`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${m.token}` },
      });
      expect(res.status).toBe(204);
      await dropped;
    } finally {
      client.disconnect();
    }
  });

  it('REDIS_PREFIX: a node with another prefix is another deployment and sees none of these events', async () => {
    const other = await spawnServer({ ...env, REDIS_PREFIX: `${env.REDIS_PREFIX}-other` });
    const m = await register(a, `multi-prefix-${Date.now()}@example.org`);
    const onOther = connectPusher(other.port, sharedSecrets.PUSHER_APP_KEY, m.token);
    const onB = connectPusher(b.port, sharedSecrets.PUSHER_APP_KEY, m.token);
    try {
      const channel = memberChannel(m.user.id, 'chat_message');
      await Promise.all([subscribed(onOther, channel), subscribed(onB, channel)]);
      let leaked = false;
      onOther.channel(channel).bind('ChatMessageNew', () => {
        leaked = true;
      });
      const atB = waitFor<unknown>((done) => onB.channel(channel).bind('ChatMessageNew', done));
      await sdkFor(a).trigger(channel, 'ChatMessageNew', { message: { id: 2 } });
      await atB;
      await new Promise((r) => setTimeout(r, 300));
      expect(leaked).toBe(false);
    } finally {
      onOther.disconnect();
      onB.disconnect();
      await other.stop();
    }
  }, 60_000);
});

describe('graceful shutdown', () => {
  it('SIGTERM closes live sockets and the process exits cleanly within 10 s', async () => {
    const node = await spawnServer({});
    const m = await register(node, `shutdown-${Date.now()}@example.org`);
    const client = connectPusher(node.port, sharedSecrets.PUSHER_APP_KEY, m.token);
    try {
      await subscribed(client, memberChannel(m.user.id, 'chat_message'));
      const socketClosed = waitFor<void>((done) =>
        client.connection.bind(
          'state_change',
          (s: { current: string }) => s.current !== 'connected' && done(),
        ),
      );
      const { code, ms } = await node.stop();
      await socketClosed;
      expect(code).toBe(0);
      expect(ms).toBeLessThan(10_000);
    } finally {
      client.disconnect();
    }
  }, 60_000);

  it('issue 9 item 13: requests arriving in the first 50 ms after SIGTERM get an answer or a 503 with Retry-After and Connection: close, never a reset', async () => {
    const node = await spawnServer({});
    const m = await register(node, `drain-${Date.now()}@example.org`);
    // Each on a new connection, as clients of a load balancer arrive.
    const get = (path: string, headers: Record<string, string> = {}) =>
      new Promise<{ status: number; headers: Record<string, unknown>; error?: string }>((resolve) => {
        const req = httpRequest(
          { host: '127.0.0.1', port: node.port, path, agent: false, headers },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers }));
            res.on('error', (err) => resolve({ status: 0, headers: {}, error: err.message }));
          },
        );
        req.on('error', (err) =>
          resolve({ status: 0, headers: {}, error: (err as NodeJS.ErrnoException).code }),
        );
        req.end();
      });
    // Logins in flight when the signal comes (an argon2 verification each) finish normally. The server
    // answers "100 Continue" once it has taken a request in, so the signal surely comes after that.
    const login = () => {
      const body = JSON.stringify({
        username: `drain-${Date.now()}@example.org`,
        password: 'falsch falsch falsch',
      });
      let inside!: () => void;
      const taken = new Promise<void>((resolve) => (inside = resolve));
      const done = new Promise<{ status: number; connection: unknown }>((resolve, reject) => {
        const headers = {
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
        };
        const req = httpRequest(
          { host: '127.0.0.1', port: node.port, path: '/api/auth/tokens', method: 'POST', agent: false },
          (res) => {
            res.resume();
            res.on('end', () => resolve({ status: res.statusCode!, connection: res.headers.connection }));
          },
        );
        for (const [k, v] of Object.entries({ ...headers, expect: '100-continue' })) req.setHeader(k, v);
        req.on('continue', () => {
          inside();
          req.end(body);
        });
        req.on('error', reject);
        req.flushHeaders();
      });
      return { taken, done };
    };
    const inFlight = [login(), login(), login()];
    await Promise.all(inFlight.map((l) => l.taken));
    const exited = new Promise<number | null>((resolve) => node.process.once('exit', resolve));
    const started = Date.now();
    node.process.kill('SIGTERM');
    const answers = await Promise.all(
      Array.from(
        { length: 100 },
        (_, i) =>
          new Promise<Awaited<ReturnType<typeof get>>>((resolve) =>
            setTimeout(() => {
              const path = ['/api/config', '/health', '/api/profile/init', '/ready'][i % 4]!;
              resolve(get(path, path === '/api/profile/init' ? { authorization: `Bearer ${m.token}` } : {}));
            }, i / 2),
          ),
      ),
    );
    for (const [i, a] of answers.entries()) {
      const drained =
        a.status === 503 && a.headers['retry-after'] !== undefined && a.headers.connection === 'close';
      const normal = a.status === 200;
      expect({ i, ok: drained || normal, answer: a }).toEqual({ i, ok: true, answer: a });
    }
    expect(answers.some((a) => a.status === 503)).toBe(true);
    expect(await Promise.all(inFlight.map((l) => l.done))).toEqual(
      Array(3).fill({ status: 401, connection: 'close' }),
    );
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 60_000);
});
