// Chat under load: N members (pusher-js in Node + the HTTP API) chatting in pairs at a steady rate, on one
// node and on two nodes via Redis, against PostgreSQL. Prints send-to-delivery latency p50/p95/p99,
// throughput, errors, lost and doubled messages. Targets: 1,000 members, 200 msg/s, p99 ≤ 100 ms, 0 lost,
// 0 doubled. Run: node --import tsx bench/chat.ts [--members 1000] [--rate 200] [--seconds 20]
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { FriendStatus } from '@trostnetz/contracts/friendship';
import pg from 'pg';
import Pusher from 'pusher-js';
import type { AppContext } from '../apps/server/src/app-context.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { openDatabase } from '../apps/server/src/db/client.ts';
import { partnerships } from '../apps/server/src/db/schema/partnerships.ts';
import { users } from '../apps/server/src/db/schema/users.ts';
import { startSession } from '../apps/server/src/modules/auth/sessions.service.ts';
import { createAccessTokens } from '../apps/server/src/modules/auth/tokens.ts';
import { type SpawnedServer, sharedSecrets, spawnServer } from '../apps/server/src/test/spawn-server.ts';

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '200' },
    seconds: { type: 'string', default: '20' },
  },
});
const MEMBERS = Number(values.members) & ~1;
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';

interface Member {
  id: number;
  partner: number;
  token: string;
  node: SpawnedServer;
  client?: Pusher;
}

async function freshDatabase(name: string) {
  const admin = new pg.Client({ connectionString: PG_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Befriended pairs straight in the database, with sessions minted the way login mints them. */
async function seed(url: string): Promise<Array<{ id: number; partner: number; token: string }>> {
  const database = openDatabase(url, '');
  await database.migrate();
  const config = loadConfig({ ...sharedSecrets, DATA_DIR: '/tmp/trostnetz-bench' });
  const ctx = { db: database.db, config, accessTokens: createAccessTokens(config) } as unknown as AppContext;
  const rows = await database.db
    .insert(users)
    .values(
      Array.from({ length: MEMBERS }, (_, i) => ({
        email: `chat${i}@example.org`,
        passwordHash: 'x',
        nickname: `Chat ${i}`,
        isVerified: true,
        matchingStep: -1,
      })),
    )
    .returning({ id: users.id });
  const ids = rows.map((r) => r.id);
  const pairs = [];
  for (let i = 0; i < ids.length; i += 2) {
    pairs.push({
      userLow: ids[i]!,
      userHigh: ids[i + 1]!,
      statusLow: FriendStatus.befriended,
      statusHigh: FriendStatus.befriended,
      befriendedAt: new Date(),
    });
  }
  await database.db.insert(partnerships).values(pairs);
  const members = [];
  for (let i = 0; i < ids.length; i++) {
    const { token } = await startSession(ctx, ids[i]!, 'bench');
    members.push({ id: ids[i]!, partner: ids[i % 2 ? i - 1 : i + 1]!, token });
  }
  await database.close();
  return members;
}

const pct = (xs: number[], p: number) =>
  xs.length ? xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]! : Number.NaN;

async function run(
  label: string,
  nodes: SpawnedServer[],
  seeded: Array<{ id: number; partner: number; token: string }>,
) {
  const members: Member[] = seeded.map((m, i) => ({ ...m, node: nodes[i % nodes.length]! }));
  const sentAt = new Map<string, number>();
  const received = new Map<string, number>();
  const latencies: number[] = [];
  let errors = 0;

  // Connect everyone (a few hundred at a time) and subscribe to their own chat channel.
  for (let i = 0; i < members.length; i += 200) {
    await Promise.all(
      members.slice(i, i + 200).map(
        (m) =>
          new Promise<void>((resolve, reject) => {
            const client = new Pusher(sharedSecrets.PUSHER_APP_KEY, {
              cluster: 'eu',
              wsHost: '127.0.0.1',
              wsPort: m.node.port,
              forceTLS: false,
              enabledTransports: ['ws'],
              disableStats: true,
              channelAuthorization: {
                endpoint: `${m.node.url}/pusher/auth`,
                transport: 'ajax',
                headers: { Authorization: `Bearer ${m.token}` },
              },
            });
            m.client = client;
            const ch = client.subscribe(`private-user_${m.id}_chat_message`);
            ch.bind('pusher:subscription_succeeded', () => resolve());
            ch.bind('pusher:subscription_error', reject);
            ch.bind('ChatMessageNew', (e: { message: { message: string; recipient_id: number } }) => {
              if (e.message.recipient_id !== m.id) return; // the sender's own copy for other tabs
              const key = e.message.message;
              const n = (received.get(key) ?? 0) + 1;
              received.set(key, n);
              const t0 = sentAt.get(key);
              if (n === 1 && t0 !== undefined) latencies.push(performance.now() - t0);
            });
          }),
      ),
    );
  }

  const total = RATE * SECONDS;
  // The load generator shares the two cores with the servers and PostgreSQL: its own event-loop delay
  // is printed beside the latencies, so a stall of the client is not mistaken for a slow server.
  const loopDelay = monitorEventLoopDelay({ resolution: 5 });
  loopDelay.enable();
  const load = loadavg()[0]!.toFixed(2);
  const started = performance.now();
  const inflight: Promise<void>[] = [];
  for (let k = 0; k < total; k++) {
    const due = started + (k * 1000) / RATE;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const m = members[Math.floor(Math.random() * members.length)]!;
    const key = `bench-${k}-${randomBytes(3).toString('hex')}`;
    sentAt.set(key, performance.now());
    inflight.push(
      fetch(`${m.node.url}/api/chat/${m.partner}/send`, {
        method: 'POST',
        // Like the web app: the sending tab is left out of the echo to the sender's other tabs.
        headers: {
          authorization: `Bearer ${m.token}`,
          'content-type': 'application/json',
          'x-socket-id': m.client?.connection.socket_id ?? '',
        },
        body: JSON.stringify({ message: key, client_id: key }),
      })
        .then(async (res) => {
          if (!res.ok) errors += 1;
          await res.arrayBuffer();
        })
        .catch(() => {
          errors += 1;
        }),
    );
  }
  await Promise.all(inflight);
  const sendSeconds = (performance.now() - started) / 1000;
  loopDelay.disable();
  const stall = `${(loopDelay.percentile(99) / 1e6).toFixed(1)} / ${(loopDelay.max / 1e6).toFixed(1)} ms`;
  await new Promise((r) => setTimeout(r, 3000)); // let late deliveries arrive
  for (const m of members) m.client?.disconnect();

  latencies.sort((a, b) => a - b);
  const lost = [...sentAt.keys()].filter((k) => !received.has(k)).length - errors;
  const doubled = [...received.values()].filter((n) => n > 1).length;
  return `| ${label} | ${members.length} | ${(total / sendSeconds).toFixed(0)} msg/s | ${pct(latencies, 50).toFixed(1)} ms | ${pct(latencies, 95).toFixed(1)} ms | ${pct(latencies, 99).toFixed(1)} ms | ${errors} | ${Math.max(0, lost)} | ${doubled} | ${stall} | ${load} |`;
}

const lines: string[] = [];
{
  const url = await freshDatabase('bench_chat_one');
  const seeded = await seed(url);
  const node = await spawnServer({ DATABASE_URL: url, LOG_LEVEL: 'error', NODE_ENV: 'production' });
  lines.push(await run('one node', [node], seeded));
  await node.stop();
  console.log(lines.at(-1));
}
{
  let redisUp = true;
  try {
    const { Redis } = await import('ioredis');
    const r = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0 });
    await r.connect();
    await r.quit();
  } catch {
    redisUp = false;
  }
  if (!redisUp) lines.push('| two nodes via Redis | skipped: no Redis | | | | | | | | | |');
  else {
    const url = await freshDatabase('bench_chat_two');
    const seeded = await seed(url);
    const env = {
      DATABASE_URL: url,
      REDIS_URL,
      REDIS_PREFIX: `bench-${Date.now()}`,
      LOG_LEVEL: 'error',
      NODE_ENV: 'production',
    };
    const nodes = [await spawnServer(env), await spawnServer(env)];
    lines.push(await run('two nodes via Redis', nodes, seeded));
    await Promise.all(nodes.map((n) => n.stop()));
    console.log(lines.at(-1));
  }
}
console.log(
  `\nChat: ${RATE} msg/s for ${SECONDS} s between befriended pairs, PostgreSQL, pusher-js clients in Node`,
);
console.log(
  '| setup | members | throughput | p50 | p95 | p99 | errors | lost | doubled | client loop delay p99 / max | load avg at start |\n|---|---|---|---|---|---|---|---|---|---|---|',
);
for (const l of lines) console.log(l);
console.log('Targets: 1,000 members, 200 msg/s, p99 ≤ 100 ms, 0 lost, 0 doubled.');
