// npm run bench -- cluster [--members 2000] [--rate 200] [--quiet 15]: three app nodes behind HAProxy, on a
// PostgreSQL and a Redis of their own (started here from the machine's binaries, on their own ports and
// folders, so the machine's own services and other people's tests are never stopped), under faults one after
// another: kill -9 of a node, SIGTERM of a node (drain), a rolling restart, Redis stopped for 10 s, PostgreSQL
// restarted. Members talk to HAProxy only (HTTP and the Pusher WebSocket), send at the given rate for the whole
// run, retry a failed send with the same client_id, reconnect when their socket closes. Per phase: sent,
// delivered live, after catch-up (in the history once reconnected), lost, doubled, send-to-deliver latencies,
// time without a live connection, 5xx and resets. Also: how soon a session ended on one node is refused on the
// others, with Redis and without it. Everything on 127.0.0.1; it stops by itself.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { sharedSecrets } from '../apps/server/src/test/spawn-server.ts';
import { freshDatabase, seedPairs } from './chat/seed.ts';
import { Latencies } from './lib/latency.ts';
import { createReport, formatLoad, loadAverage } from './lib/results.ts';

const arg = (name: string, fallback: number) => {
  const at = process.argv.indexOf(name);
  return at === -1 ? fallback : Number(process.argv[at + 1]);
};
/** The issue's figures by default; `--members 400 --rate 50` when the machine is shared. */
const MEMBERS = arg('--members', 2000);
const RATE = arg('--rate', 200);
const QUIET_S = arg('--quiet', 15);
const root = path.resolve(import.meta.dirname, '..');
const bundle = path.join(root, 'apps/server/dist/server.js');
const report = createReport('cluster');
const work = mkdtempSync(path.join(tmpdir(), 'trostnetz-cluster-'));
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const started: ChildProcess[] = [];
let pgStarted = false;
// Whatever happens (an error, Ctrl-C), nothing this started outlives it.
process.on('exit', () => {
  for (const p of started) if (p.exitCode === null && p.signalCode === null) p.kill('SIGKILL');
  if (pgStarted)
    spawnSync(
      asPostgres(['pg_ctl', '-D', pgDir, '-m', 'immediate', 'stop'])[0]!,
      asPostgres(['pg_ctl', '-D', pgDir, '-m', 'immediate', 'stop']).slice(1),
      { stdio: 'ignore' },
    );
  rmSync(work, { recursive: true, force: true });
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));

async function freePort(): Promise<number> {
  const { createServer } = await import('node:net');
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------- PostgreSQL and Redis of our own
const asPostgres = (cmd: string[]) =>
  process.getuid?.() === 0 ? ['runuser', '-u', 'postgres', '--', ...cmd] : cmd;
const pgPort = await freePort();
const pgDir = path.join(work, 'pg');
mkdirSync(pgDir);
if (process.getuid?.() === 0) {
  chmodSync(work, 0o755);
  const ids = spawnSync('id', ['-u', 'postgres']).stdout.toString().trim();
  const gid = spawnSync('id', ['-g', 'postgres']).stdout.toString().trim();
  chownSync(pgDir, Number(ids), Number(gid));
}
function pgCtl(...args: string[]) {
  const [cmd, ...rest] = asPostgres(['pg_ctl', '-D', pgDir, '-w', ...args]);
  const r = spawnSync(cmd!, rest, { stdio: ['ignore', 'ignore', 'inherit'] });
  if (r.status !== 0) throw new Error(`pg_ctl ${args.join(' ')} failed`);
}
{
  const [cmd, ...rest] = asPostgres(['initdb', '-D', pgDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  if (spawnSync(cmd!, rest, { stdio: 'ignore' }).status !== 0) throw new Error('initdb failed');
  writeFileSync(
    path.join(pgDir, 'postgresql.auto.conf'),
    `port = ${pgPort}\nlisten_addresses = '127.0.0.1'\nunix_socket_directories = '${pgDir}'\nmax_connections = 100\n`,
  );
  pgCtl('-l', path.join(pgDir, 'log'), 'start');
  pgStarted = true;
}
const pgAdminUrl = `postgres://postgres@127.0.0.1:${pgPort}/postgres`;

const redisPort = await freePort();
let redis: ChildProcess | null = null;
async function startRedis() {
  redis = spawn(
    'redis-server',
    ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  started.push(redis);
  for (let i = 0; i < 100; i++) {
    if (
      spawnSync('redis-cli', ['-p', String(redisPort), 'ping'])
        .stdout?.toString()
        .includes('PONG')
    )
      return;
    await sleep(50);
  }
  throw new Error('redis did not start');
}
async function stopRedis() {
  const r = redis;
  if (!r || r.exitCode !== null) return;
  await new Promise<void>((resolve) => {
    r.once('exit', () => resolve());
    r.kill('SIGTERM');
  });
}
await startRedis();

// ---------------------------------------------------------------- three nodes and HAProxy
// The server as `npm start` runs it, built from the sources of this checkout (a few seconds).
if (
  spawnSync(process.execPath, ['apps/server/build.mjs'], { cwd: root, stdio: 'inherit' }).status !== 0 ||
  !existsSync(bundle)
)
  throw new Error('the server bundle could not be built');
const databaseUrl = await freshDatabase(pgAdminUrl, 'cluster');
const dataDir = path.join(work, 'data');
const prefix = `cluster-${Date.now()}`;
const nodeEnv = (port: number, withRedis = true) => ({
  ...process.env,
  ...sharedSecrets,
  NODE_ENV: 'production',
  PAYMENTS_TEST_PROVIDER: 'true',
  PORT: String(port),
  HOST: '127.0.0.1',
  APP_URL: 'http://localhost:8080',
  DATABASE_URL: databaseUrl,
  ...(withRedis ? { REDIS_URL: `redis://127.0.0.1:${redisPort}`, REDIS_PREFIX: prefix } : {}),
  TRUST_PROXY: 'true',
  DATA_DIR: dataDir,
  WEB_DIST: path.join(work, 'no-web'),
  LOG_LEVEL: 'error',
  // Every member comes through HAProxy from 127.0.0.1: the per-address limits would count them as one household.
  RATE_LIMIT_FACTOR: '1000',
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '100000',
});

interface AppNode {
  name: string;
  port: number;
  proc: ChildProcess | null;
}
async function startNode(node: AppNode, withRedis = true) {
  node.proc = spawn(process.execPath, ['--liftoff-only', bundle], {
    env: nodeEnv(node.port, withRedis),
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  started.push(node.proc);
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${node.port}/ready`)).ok) return;
    } catch {}
    await sleep(100);
  }
  throw new Error(`${node.name} did not become ready`);
}
function stopNode(node: AppNode, signal: NodeJS.Signals): Promise<void> {
  const p = node.proc;
  if (!p || p.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    p.once('exit', () => resolve());
    p.kill(signal);
  });
}
const nodes: AppNode[] = [];
for (const name of ['node1', 'node2', 'node3']) nodes.push({ name, port: await freePort(), proc: null });
// node1 migrates; the others start on the migrated database.
await startNode(nodes[0]!);
await Promise.all(nodes.slice(1).map((n) => startNode(n)));

const proxyPort = await freePort();
const haproxyCfg = path.join(work, 'haproxy.cfg');
writeFileSync(
  haproxyCfg,
  `global
  maxconn 9000
defaults
  mode http
  timeout connect 2s
  timeout client 60s
  timeout server 30s
  timeout http-request 10s
frontend trostnetz
  bind 127.0.0.1:${proxyPort}
  option forwardfor
  default_backend nodes
backend nodes
  balance leastconn
  option httpchk GET /ready
  http-check expect status 200
  default-server inter 2s fall 1 rise 2
  timeout tunnel 1h
  timeout server 30s
  retries 3
  option redispatch 1
  retry-on conn-failure empty-response 503
${nodes.map((n) => `  server ${n.name} 127.0.0.1:${n.port} check`).join('\n')}
`,
);
const haproxy = spawn('/usr/sbin/haproxy', ['-f', haproxyCfg, '-db'], {
  stdio: ['ignore', 'ignore', 'inherit'],
});
started.push(haproxy);
await sleep(3000);
if (haproxy.exitCode !== null) throw new Error(`haproxy exited with ${haproxy.exitCode}`);

// ---------------------------------------------------------------- members (through HAProxy only)
console.log(
  `Cluster: 3 nodes, PostgreSQL :${pgPort}, Redis :${redisPort}, HAProxy :${proxyPort}; ${MEMBERS} members, ${RATE} msg/s; load ${formatLoad(loadAverage())}`,
);
const seeded = await seedPairs(databaseUrl, MEMBERS);
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });

interface Answer {
  status: number;
  body: string;
}
function request(method: string, url: string, token: string, body?: string, type = 'application/json') {
  return new Promise<Answer>((resolve) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: proxyPort,
        path: url,
        method,
        agent,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body === undefined ? {} : { 'content-type': type, 'content-length': Buffer.byteLength(body) }),
        },
      },
      (res) => {
        let text = '';
        res.on('data', (c: Buffer) => (text += c.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        res.on('error', () => resolve({ status: 0, body: '' }));
      },
    );
    req.on('error', () => resolve({ status: 0, body: '' }));
    req.setTimeout(30_000, () => req.destroy());
    req.end(body);
  });
}

interface Phase {
  name: string;
  sent: number;
  confirmed: number;
  unconfirmed: number;
  fiveXX: number;
  resets: number;
  latencies: number[];
  latenciesOutside: number[];
  offline: number[];
  faultFrom: number;
  faultTo: number;
}
const phases: Phase[] = [];
let phase: Phase | null = null;
const newPhase = (name: string): Phase => {
  const p: Phase = {
    name,
    sent: 0,
    confirmed: 0,
    unconfirmed: 0,
    fiveXX: 0,
    resets: 0,
    latencies: [],
    latenciesOutside: [],
    offline: [],
    faultFrom: Number.POSITIVE_INFINITY,
    faultTo: Number.POSITIVE_INFINITY,
  };
  phases.push(p);
  phase = p;
  return p;
};
const countAnswer = (status: number) => {
  if (!phase) return;
  if (status >= 500) phase.fiveXX++;
  if (status === 0) phase.resets++;
};

interface Sent {
  phase: Phase;
  at: number;
  from: number;
  to: number;
  confirmed: boolean;
  live: number;
}
const messages = new Map<string, Sent>();

interface Member {
  id: number;
  partner: number;
  token: string;
  ws: WebSocket | null;
  live: boolean;
  downSince: number | null;
  closing: boolean;
}
const members: Member[] = seeded.map((s) => ({
  ...s,
  ws: null,
  live: false,
  downSince: null,
  closing: false,
}));
let lastAllLive = 0;
let liveCount = 0;

function onFrame(m: Member, raw: Buffer) {
  const now = performance.now();
  const text = raw.toString();
  const frame = JSON.parse(text) as { event: string; data?: string };
  if (frame.event === 'ChatMessageNew' && typeof frame.data === 'string') {
    const { message } = JSON.parse(frame.data) as { message: { client_id: string; recipient_id: number } };
    if (message.recipient_id !== m.id) return;
    const sent = messages.get(message.client_id);
    if (!sent) return;
    sent.live++;
    if (sent.live === 1) {
      const ms = now - sent.at;
      sent.phase.latencies.push(ms);
      const wall = Date.now();
      if (wall < sent.phase.faultFrom || wall > sent.phase.faultTo) sent.phase.latenciesOutside.push(ms);
    }
  } else if (frame.event === 'pusher:ping') {
    if (m.ws?.readyState === WebSocket.OPEN) m.ws.send('{"event":"pusher:pong","data":{}}');
  } else if (frame.event === 'pusher:connection_established') {
    const socketId = (JSON.parse(frame.data ?? '{}') as { socket_id: string }).socket_id;
    const channel = `private-user_${m.id}_chat_message`;
    const form = `socket_id=${encodeURIComponent(socketId)}&channel_name=${encodeURIComponent(channel)}`;
    const ws = m.ws;
    request('POST', '/pusher/auth', m.token, form, 'application/x-www-form-urlencoded').then((res) => {
      countAnswer(res.status);
      if (ws !== m.ws || ws?.readyState !== WebSocket.OPEN) return; // closed meanwhile: the next socket asks again
      if (res.status !== 200) return ws.terminate();
      const { auth } = JSON.parse(res.body) as { auth: string };
      ws.send(JSON.stringify({ event: 'pusher:subscribe', data: { channel, auth } }));
    });
  } else if (frame.event === 'pusher_internal:subscription_succeeded') {
    m.live = true;
    liveCount++;
    if (m.downSince !== null) {
      phase?.offline.push(Date.now() - m.downSince);
      m.downSince = null;
    }
    if (liveCount === members.length) lastAllLive = Date.now();
  }
}

function connect(m: Member) {
  const ws = new WebSocket(
    `ws://127.0.0.1:${proxyPort}/app/${sharedSecrets.PUSHER_APP_KEY}?protocol=7&client=js&version=8.4.0`,
    {
      perMessageDeflate: false,
    },
  );
  m.ws = ws;
  ws.on('message', (raw: Buffer) => onFrame(m, raw));
  ws.on('error', () => {});
  ws.on('close', () => {
    if (m.live) liveCount--;
    m.live = false;
    m.downSince ??= Date.now();
    if (m.closing) return;
    // As pusher-js: at once after the server's "reconnect elsewhere" (4200), soon after anything else.
    setTimeout(() => connect(m), 100 + Math.random() * 400);
  });
}

async function send(from: Member) {
  if (!phase) return;
  const p = phase;
  const key = `${p.name.replace(/\W+/g, '-')}-${p.sent}-${from.id}`;
  const sent: Sent = {
    phase: p,
    at: performance.now(),
    from: from.id,
    to: from.partner,
    confirmed: false,
    live: 0,
  };
  messages.set(key, sent);
  p.sent++;
  const body = JSON.stringify({ message: key, client_id: key });
  // The client's own retry: the same client_id until the server says it has the message (20 tries, ~10 s).
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await request('POST', `/api/chat/${from.partner}/send`, from.token, body);
    countAnswer(res.status);
    if (res.status >= 200 && res.status < 300) {
      sent.confirmed = true;
      p.confirmed++;
      return;
    }
    await sleep(500);
  }
  p.unconfirmed++;
}

for (let i = 0; i < members.length; i += 200) {
  for (const m of members.slice(i, i + 200)) connect(m);
  await sleep(500);
}
for (let i = 0; i < 300 && liveCount < members.length; i++) await sleep(100);
console.log(
  `${liveCount} of ${members.length} members live through HAProxy; load ${formatLoad(loadAverage())}`,
);

// The load: RATE messages a second from random members, for the whole run.
let sending = true;
const loop = monitorEventLoopDelay({ resolution: 10 });
loop.enable();
const load = (async () => {
  const t0 = performance.now();
  for (let k = 0; sending; k++) {
    const wait = t0 + (k * 1000) / RATE - performance.now();
    if (wait > 1) await sleep(wait);
    void send(members[Math.floor(Math.random() * members.length)]!);
  }
})();

// ---------------------------------------------------------------- the phases
async function runPhase(name: string, fault: (() => Promise<void>) | null) {
  const p = newPhase(name);
  console.log(`\n--- ${name} (load ${formatLoad(loadAverage())})`);
  await sleep(5_000);
  if (fault) {
    p.faultFrom = Date.now();
    await fault();
    // The window lasts until the proxy has the node back (rise 2 × inter 2 s) and clients have reconnected.
    p.faultTo = Date.now() + 5_000;
  }
  await sleep(QUIET_S * 1000);
}

const sessionEnds: Record<string, number> = {};
/** A session used through every node, then ended through one: how long until each node refuses it. */
async function sessionEndedElsewhere(label: string) {
  // A member and session of its own, minted as the seed mints them.
  const [fresh] = await seedExtra();
  for (const n of nodes)
    for (let i = 0; i < 2; i++) await fetchNode(n, 'GET', '/api/profile/init', fresh!.token);
  const ended = Date.now();
  await fetchNode(nodes[0]!, 'DELETE', '/api/auth/tokens/revoke', fresh!.token);
  let worst = 0;
  await Promise.all(
    nodes.slice(1).map(async (n) => {
      for (;;) {
        if ((await fetchNode(n, 'GET', '/api/profile/init', fresh!.token)) === 401) break;
        if (Date.now() - ended > 10_000) break;
        await sleep(20);
      }
      worst = Math.max(worst, Date.now() - ended);
    }),
  );
  sessionEnds[label] = worst;
}
let extra = 0;
async function seedExtra() {
  extra++;
  return seedPairs(databaseUrl, 2, `extra${extra}-`);
}
async function fetchNode(n: AppNode, method: string, url: string, token: string): Promise<number> {
  try {
    const res = await fetch(`http://127.0.0.1:${n.port}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}` },
    });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}

await runPhase('steady', null);
await sessionEndedElsewhere('with Redis');
let deathToLive = Number.NaN;
await runPhase('kill -9 of node2', async () => {
  const killed = Date.now();
  await stopNode(nodes[1]!, 'SIGKILL');
  await sleep(200);
  for (let i = 0; i < 200 && liveCount < members.length; i++) await sleep(50);
  deathToLive = liveCount === members.length ? lastAllLive - killed : Number.POSITIVE_INFINITY;
  await startNode(nodes[1]!);
});
await runPhase('SIGTERM of node3 (drain)', async () => {
  await stopNode(nodes[2]!, 'SIGTERM');
  await startNode(nodes[2]!);
});
await runPhase('rolling restart', async () => {
  for (const n of nodes) {
    await stopNode(n, 'SIGTERM');
    await startNode(n);
    await sleep(4_500); // the proxy's rise: two good checks 2 s apart
  }
});
await runPhase('Redis stopped 10 s', async () => {
  await stopRedis();
  await sleep(10_000);
  await startRedis();
});
await runPhase('PostgreSQL restarted', async () => {
  pgCtl('-m', 'fast', 'restart');
});
sending = false;
await load;
loop.disable();
console.log('\nWaiting for late deliveries …');
await sleep(10_000);

// Without Redis: two nodes of their own on PostgreSQL alone.
const noRedis: AppNode[] = [
  { name: 'solo1', port: await freePort(), proc: null },
  { name: 'solo2', port: await freePort(), proc: null },
];
{
  await Promise.all(noRedis.map((n) => startNode(n, false)));
  const [fresh] = await seedExtra();
  for (const n of noRedis)
    for (let i = 0; i < 2; i++) await fetchNode(n, 'GET', '/api/profile/init', fresh!.token);
  const ended = Date.now();
  await fetchNode(noRedis[0]!, 'DELETE', '/api/auth/tokens/revoke', fresh!.token);
  for (;;) {
    if ((await fetchNode(noRedis[1]!, 'GET', '/api/profile/init', fresh!.token)) === 401) break;
    if (Date.now() - ended > 10_000) break;
    await sleep(20);
  }
  sessionEnds['without Redis'] = Date.now() - ended;
  await Promise.all(noRedis.map((n) => stopNode(n, 'SIGTERM')));
}

// Catch-up: what a member finds in the history once reconnected. One history read per pair (both directions).
const inHistory = new Map<string, number>();
for (let i = 0; i + 1 < members.length; i += 2) {
  const m = members[i]!;
  let before: string | undefined;
  for (let page = 0; page < 20; page++) {
    const res = await request(
      'GET',
      `/api/chat/${m.partner}/messages?limit=100${before ? `&before=${before}` : ''}`,
      m.token,
    );
    if (res.status !== 200) break;
    const h = JSON.parse(res.body) as {
      messages: Array<{ id: number; client_id: string | null }>;
      has_more: boolean;
    };
    for (const msg of h.messages)
      if (msg.client_id) inHistory.set(msg.client_id, (inHistory.get(msg.client_id) ?? 0) + 1);
    if (!h.has_more || h.messages.length === 0) break;
    before = String(Math.min(...h.messages.map((x) => x.id)));
  }
}
for (const m of members) {
  m.closing = true;
  m.ws?.terminate();
}
agent.destroy();

// ---------------------------------------------------------------- the table
const pct = (xs: number[], q: number) => new Latencies(xs).percentile(q * 100);
const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(1)} ms` : '–');
console.log(
  '\n| Phase | Sent | Confirmed | Live | After catch-up | Lost | Doubled | p50 / p95 / p99 | p99 outside fault | Offline p99 | 5xx | Resets |',
);
console.log('|---|---|---|---|---|---|---|---|---|---|---|---|');
const faultWindowed = new Set(['Redis stopped 10 s', 'PostgreSQL restarted']);
for (const p of phases) {
  const mine = [...messages.entries()].filter(([, s]) => s.phase === p);
  const confirmed = mine.filter(([, s]) => s.confirmed);
  const live = confirmed.filter(([, s]) => s.live > 0).length;
  const caught = confirmed.filter(([k, s]) => s.live === 0 && (inHistory.get(k) ?? 0) > 0).length;
  const lost = confirmed.filter(([k, s]) => s.live === 0 && !inHistory.has(k)).length;
  const doubled = mine.filter(([k, s]) => s.live > 1 || (inHistory.get(k) ?? 0) > 1).length;
  const p99out = pct(p.latenciesOutside, 0.99);
  const offline99 = pct(p.offline, 0.99);
  console.log(
    `| ${p.name} | ${p.sent} | ${confirmed.length} | ${live} | ${caught} | ${lost} | ${doubled} | ${ms(pct(p.latencies, 0.5))} / ${ms(pct(p.latencies, 0.95))} / ${ms(pct(p.latencies, 0.99))} | ${ms(p99out)} | ${ms(offline99)} | ${p.fiveXX} | ${p.resets} |`,
  );
  const add = (metric: string, value: number, unit: string, target: string, met: boolean | null) =>
    report.add({
      metric: `${p.name}: ${metric}`,
      value: Number.isFinite(value) ? Math.round(value * 10) / 10 : null,
      unit,
      result: unit === 'ms' ? ms(value) : String(value),
      target,
      met,
    });
  add('sent / confirmed', confirmed.length, 'messages', `${p.sent} sent`, null);
  add('delivered live', live, 'messages', '–', null);
  add('delivered after catch-up', caught, 'messages', '–', null);
  add('lost', lost, 'messages', '0', lost === 0);
  add('doubled', doubled, 'messages', '0', doubled === 0);
  add('p50 send-to-deliver', pct(p.latencies, 0.5), 'ms', '–', null);
  add('p95 send-to-deliver', pct(p.latencies, 0.95), 'ms', '–', null);
  add('p99 send-to-deliver outside the fault window', p99out, 'ms', '≤ 50 ms', p99out <= 50);
  add('p99 time without a live connection', Number.isFinite(offline99) ? offline99 : 0, 'ms', '–', null);
  add(
    '5xx answers',
    p.fiveXX,
    'answers',
    faultWindowed.has(p.name) ? 'clear 503, no reset' : '0',
    faultWindowed.has(p.name) ? p.resets === 0 : p.fiveXX === 0,
  );
  add('resets (no answer)', p.resets, 'requests', '0', p.resets === 0);
}
report.add({
  metric: 'kill -9: every member live again after the node died',
  value: Number.isFinite(deathToLive) ? deathToLive : null,
  unit: 'ms',
  result: Number.isFinite(deathToLive) ? `${(deathToLive / 1000).toFixed(2)} s` : 'not all',
  target: '≤ 5 s',
  met: deathToLive <= 5_000,
});
for (const [label, target] of [
  ['with Redis', 1_000],
  ['without Redis', 5_000],
] as const) {
  const v = sessionEnds[label] ?? Number.NaN;
  report.add({
    metric: `a session ended on one node is refused on the others (${label})`,
    value: v,
    unit: 'ms',
    result: `${v} ms`,
    target: `≤ ${target / 1000} s`,
    met: v <= target,
  });
}
report.add({
  metric: 'load generator event-loop delay p99',
  value: Math.round(loop.percentile(99) / 1e5) / 10,
  unit: 'ms',
  result: `${(loop.percentile(99) / 1e6).toFixed(1)} ms`,
  target: '–',
  met: null,
});
console.log(`\nLoad average at the end: ${formatLoad(loadAverage())}`);
// run.ts writes the table as JSON with the others (bench-results/<time>.json).
report.finish();

// ---------------------------------------------------------------- stop everything we started
haproxy.kill('SIGTERM');
await Promise.all(nodes.map((n) => stopNode(n, 'SIGTERM')));
await stopRedis();
try {
  pgCtl('-m', 'immediate', 'stop');
  pgStarted = false;
} catch {}
process.exit(0);
