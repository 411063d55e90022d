import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import path from 'node:path';
import { CHANNEL_CLOSED_EVENT, chatChannel, memberChannel } from '@trostnetz/contracts/realtime';
import pg from 'pg';
import Pusher from 'pusher';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from './config.ts';
import { createSignedLinks } from './modules/auth/signed-links.ts';
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

async function api(node: SpawnedServer, method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${node.url}${path}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as unknown };
}

/** Registered on `node`, verified through a link signed with the nodes' APP_KEY, onboarded. */
async function partner(node: SpawnedServer, name: string) {
  const email = `multi-partner-${name}-${Date.now()}@example.org`;
  const m = await register(node, email);
  const links = createSignedLinks({
    appKey: sharedSecrets.APP_KEY,
    appUrl: node.url,
    tokens: { verifyLinkTtlSec: 3600 },
  } as Config);
  const link = new URL(links.verificationUrl({ id: m.user.id, email }));
  expect(
    (await api(node, 'POST', `/api/verify${link.pathname.replace('/email/verify', '')}${link.search}`))
      .status,
  ).toBe(204);
  const steps: Record<number, Record<string, string[] | string>> = {
    1: { role: ['seeker'] },
    2: { loss_kind: ['other'], loss_when: ['1_3y'] },
    3: { support_kind: ['listening'] },
    4: { age_group: ['36_50'] },
    5: {},
    6: { region: ['de_berlin'], languages: ['uk'] },
    7: { about: 'Zwei Knoten' },
  };
  for (const [step, answers] of Object.entries(steps)) {
    expect((await api(node, 'POST', `/api/onboarding/steps/${step}`, m.token, { answers })).status).toBe(200);
  }
  return { id: m.user.id, token: m.token };
}

/** Milliseconds from now until `node` refuses the token (polled every 25 ms, for at most `limit` ms). */
async function refusedAfter(node: SpawnedServer, token: string, limit: number) {
  const started = Date.now();
  while (Date.now() - started < limit + 1_000) {
    if ((await api(node, 'GET', '/api/profile/init', token)).status === 401) return Date.now() - started;
    await new Promise((r) => setTimeout(r, 25));
  }
  return Number.POSITIVE_INFINITY;
}

/** A session used on `reader` (so its node has it cached), then ended on `writer`: how long `reader` still took it. */
async function endedElsewhere(writer: SpawnedServer, reader: SpawnedServer, limit: number) {
  const m = await register(writer, `multi-cache-${Date.now()}-${Math.random()}@example.org`);
  for (let i = 0; i < 3; i++)
    expect((await api(reader, 'GET', '/api/profile/init', m.token)).status).toBe(200);
  expect((await api(writer, 'DELETE', '/api/auth/tokens/revoke', m.token)).status).toBe(204);
  return refusedAfter(reader, m.token, limit);
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

  it('session cache rule: a session ended on node A is refused on node B within 1 s (through Redis)', async () => {
    const ms = await endedElsewhere(a, b, 1_000);
    expect(ms).toBeLessThan(1_000);
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

  it('issue 10: a mail job sent on node A runs on exactly one of the two nodes', async () => {
    const emails = [1, 2, 3, 4].map((i) => `multi-mail-${i}-${Date.now()}@example.org`);
    for (const email of emails) await register(a, email);
    // Both nodes' workers take mail jobs; a sent mail's job is deleted, so an empty queue means all ran.
    const db = new pg.Client({ connectionString: env.DATABASE_URL });
    await db.connect();
    try {
      const deadline = Date.now() + 30_000;
      const left = async () =>
        Number((await db.query(`select count(*) as n from pgboss.job where name = 'mail-send'`)).rows[0].n);
      while ((await left()) > 0) {
        if (Date.now() > deadline) throw new Error('mail jobs did not run');
        await new Promise((r) => setTimeout(r, 200));
      }
    } finally {
      await db.end();
    }
    const recipients = [a, b].flatMap((node) => {
      const dir = path.join(node.dataDir, 'outbox');
      if (!existsSync(dir)) return [];
      return readdirSync(dir).map((f) =>
        /^To: (.*)$/m.exec(readFileSync(path.join(dir, f), 'utf8'))?.[1]?.trim(),
      );
    });
    expect(recipients.filter((r) => r && emails.includes(r)).sort()).toEqual([...emails].sort());
  }, 60_000);

  it('issue 9 item 2: hiding on node A ends the pair’s channel for the partner connected to node B', async () => {
    const [alice, bob] = await Promise.all([partner(a, 'alice'), partner(a, 'bob')]);
    await api(a, 'POST', `/api/user/friend/request/send/${bob.id}`, alice.token, {});
    await api(a, 'POST', `/api/user/friend/request/accept/${alice.id}`, bob.token, {});
    const list = (await api(b, 'GET', '/api/chat/partners', bob.token)).json as Array<{
      id: number;
      chat_id: number;
    }>;
    const channel = chatChannel(list.find((p) => p.id === alice.id)!.chat_id);
    const onA = connectPusher(a.port, sharedSecrets.PUSHER_APP_KEY, alice.token);
    const onB = connectPusher(b.port, sharedSecrets.PUSHER_APP_KEY, bob.token);
    try {
      await Promise.all([subscribed(onA, channel), subscribed(onB, channel)]);
      const typing: unknown[] = [];
      onA.channel(channel).bind('client-typing', (d: unknown) => typing.push(d));
      const closed = waitFor<{ channel: string }>((done) =>
        onB.channel(channel).bind(CHANNEL_CLOSED_EVENT, done),
      );
      expect((await api(a, 'POST', '/api/block', alice.token, { userId: bob.id })).status).toBe(201);
      expect(await closed).toEqual({ channel });
      const refused = waitFor<{ data: { code: number } }>((done) => onB.connection.bind('error', done));
      onB.channel(channel).trigger('client-typing', { user_id: bob.id });
      expect((await refused).data.code).toBe(4302);
      onB.unsubscribe(channel);
      const error = await waitFor<{ status: number }>((done) =>
        onB.subscribe(channel).bind('pusher:subscription_error', done),
      );
      expect(error.status).toBe(403);
      expect(typing).toEqual([]);
    } finally {
      onA.disconnect();
      onB.disconnect();
    }
  }, 60_000);

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

describe.skipIf(!pgUrl || process.env.TEST_DB === 'postgres')(
  'two app processes sharing PostgreSQL without Redis',
  () => {
    let a: SpawnedServer;
    let b: SpawnedServer;
    const dbName = `t_multinode_noredis_${process.pid}`;
    let admin: pg.Client;

    beforeAll(async () => {
      admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.query(`create database ${dbName}`);
      const url = new URL(pgUrl!);
      url.pathname = `/${dbName}`;
      // The first node migrates; the second starts on the migrated database.
      a = await spawnServer({ DATABASE_URL: url.toString() });
      b = await spawnServer({ DATABASE_URL: url.toString() });
    }, 90_000);

    afterAll(async () => {
      await Promise.all([a?.stop(), b?.stop()]);
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    });

    it('session cache rule: without Redis a session ended on node A is refused on node B within 5 s', async () => {
      const ms = await endedElsewhere(a, b, 5_000);
      expect(ms).toBeLessThan(5_000);
    }, 30_000);
  },
);

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
    // Logins in flight when the signal comes (an argon2 verification each) get a whole answer. The server
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
    // A login already checking its password finishes (401: the password is wrong); one still waiting for its
    // turn (LOGIN_CONCURRENCY) is answered 503 at once. Each gets a whole answer, none is reset.
    const logins = await Promise.all(inFlight.map((l) => l.done));
    for (const l of logins) expect([401, 503]).toContain(l.status);
    expect(logins.every((l) => l.connection === 'close')).toBe(true);
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 60_000);
});
