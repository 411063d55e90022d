// Chat under load (issue 18), against PostgreSQL. Members chat in befriended pairs through the HTTP API and
// receive over the realtime socket; the load generator runs in its own processes (bench/chat/load-worker.ts).
// Parts (all by default; `--parts one,ceiling` picks):
// - one:     --rate msg/s (500) between --members (2,000) on one node for --seconds (20): latency p50/p95/p99,
//            lost, doubled, errors, and the CPU each part spent per message (node, PostgreSQL, Redis, load
//            generator), read from /proc, so it holds however busy the machine is;
// - two:     the same on two nodes via Redis (every pair split across the nodes);
// - ceiling: the same rate through a ceiling server (bench/chat/ceiling-server.ts: a bare Fastify route
//            running the app's insert and writing to both members' raw ws sockets), and the CPU per message
//            of the ceiling as a share of the app's;
// - ladder:  the highest rate held for --seconds with p99 ≤ 50 ms and 0 lost, for the app on one node and
//            for the ceiling, driven by the same load generator, taking turns at each rate; their ratio.
// Run: node --import tsx bench/chat.ts [--parts one,two,ceiling,ladder] [--members 2000] [--rate 500]
//      [--seconds 20] [--workers 2] [--start-rate 250] [--probe-seconds 5] [--cpu-prof DIR] [--json FILE]
import { type ChildProcess, fork } from 'node:child_process';
import { openSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { EVENT_LOOP_PRECISION_MS } from '../apps/server/src/lib/metrics.ts';
import { type SpawnedServer, sharedSecrets, spawnServer } from '../apps/server/src/test/spawn-server.ts';
import { type Load, type StepResult, startLoad } from './chat/load.ts';
import type { Target, WorkerMember } from './chat/load-worker.ts';
import { freshDatabase, type SeededMember, seedPairs } from './chat/seed.ts';
import {
  backendsOf,
  commandCpuMs,
  machineBusyMs,
  processCpuMs,
  settle,
  spentBetween,
} from './lib/process-cpu.ts';
import { createReport, formatLoad, loadAverage } from './lib/results.ts';

const { values } = parseArgs({
  options: {
    parts: { type: 'string', default: 'one,two,ceiling,ladder' },
    members: { type: 'string', default: '2000' },
    rate: { type: 'string', default: '500' },
    seconds: { type: 'string', default: '20' },
    workers: { type: 'string', default: '2' },
    'start-rate': { type: 'string', default: '250' },
    'probe-seconds': { type: 'string', default: '5' },
    'cpu-prof': { type: 'string' },
    json: { type: 'string' },
  },
  allowPositionals: true,
});
const PARTS = new Set(values.parts.split(','));
const MEMBERS = Number(values.members) & ~1;
const RATE = Number(values.rate);
const SECONDS = Number(values.seconds);
const WORKERS = Number(values.workers);
const START_RATE = Number(values['start-rate']);
const PROBE_SECONDS = Number(values['probe-seconds']);
const P99_TARGET_MS = 50;
const PG_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
// The production defaults, but rate limits raised so the ladder is not stopped by the per-member chat
// allowance (60/min): the limit is still checked on every message, its cost counted.
// METRICS_TOKEN opens GET /metrics, from which each step reads the nodes' own event-loop delay.
const METRICS_TOKEN = 'bench-chat-metrics-token-0123456789';
const APP_ENV = {
  NODE_ENV: 'production',
  // No Stripe key here: the built-in test provider, allowed in production in so many words.
  PAYMENTS_TEST_PROVIDER: 'true',
  LOG_LEVEL: 'info',
  LOG_FORMAT: 'json',
  RATE_LIMIT_FACTOR: '100',
  // Every simulated member connects from this machine's one address.
  REALTIME_MAX_CONNECTIONS_PER_ADDRESS: '100000',
  METRICS_TOKEN,
};
// The nodes log as in production (every request, JSON lines) into a file, not onto this terminal.
const logFile = process.env.BENCH_LOG_FILE ?? path.join(tmpdir(), 'trostnetz-bench-chat.log');
const serverOpts = () => ({ nodeArgs, stdout: openSync(logFile, 'a') });
const report = createReport('chat');

const ms = (v: number) => `${v.toFixed(1)} ms`;
const nodeArgs = values['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${values['cpu-prof']}`] : [];

/**
 * The worst event-loop delay (p99 / max, ms) over app nodes since the last reading: prom-client's
 * histogram starts again at every scrape. Stalls inside the server show here; stalls the server never
 * sees (scheduling, PostgreSQL) do not. The ceiling server has no /metrics: null.
 */
async function serverLoop(subject: {
  target: Target;
  ports: number[];
}): Promise<{ p99: number; max: number } | null> {
  if (subject.target !== 'app') return null;
  let p99 = 0;
  let max = 0;
  for (const port of subject.ports) {
    const text = await fetch(`http://127.0.0.1:${port}/metrics`, {
      headers: { authorization: `Bearer ${METRICS_TOKEN}` },
    }).then((r) => r.text());
    const read = (name: string) =>
      Number(new RegExp(`^${name} ([\\d.e+-]+)`, 'm').exec(text)?.[1] ?? Number.NaN) * 1000;
    // The delay beyond the sampling interval the percentiles include (an idle node reads 20 ms).
    p99 = Math.max(p99, read('nodejs_eventloop_lag_p99_seconds') - EVENT_LOOP_PRECISION_MS);
    max = Math.max(max, read('nodejs_eventloop_lag_max_seconds') - EVENT_LOOP_PRECISION_MS);
  }
  return { p99, max };
}

interface Cpu {
  /** CPU-ms per message answered 2xx, per part. */
  server: number;
  postgres: number;
  redis: number;
  load: number;
  machineBusyPercent: number;
}

/** Runs one step and reads what each part's processes spent meanwhile. */
async function measuredStep(
  subject: Subject,
  rate: number,
  seconds: number,
  tag: string,
): Promise<StepResult & { cpu: Cpu; loadAvg: number[]; serverLoop: { p99: number; max: number } | null }> {
  const { load, pids: serverPids } = subject;
  const loadAvg = loadAverage();
  await serverLoop(subject);
  const sum = (pids: number[]) => pids.reduce((t, pid) => t + processCpuMs(pid), 0);
  const before = {
    server: sum(serverPids),
    postgres: await subject.backends(),
    redis: commandCpuMs('redis-server'),
    load: sum(load.pids),
    machine: machineBusyMs(),
    at: performance.now(),
  };
  const result = await load.step(rate, seconds, tag);
  const ok = Math.max(1, result.sent - result.errors);
  const per = (after: number, was: number) => (after - was) / ok;
  const cpu: Cpu = {
    server: per(sum(serverPids), before.server),
    postgres: spentBetween(before.postgres, await subject.backends()) / ok,
    redis: per(commandCpuMs('redis-server'), before.redis),
    load: per(sum(load.pids), before.load),
    machineBusyPercent: (100 * (machineBusyMs() - before.machine)) / (performance.now() - before.at),
  };
  return { ...result, cpu, loadAvg, serverLoop: await serverLoop(subject) };
}

const passes = (r: StepResult) =>
  r.p99 <= P99_TARGET_MS && r.lost === 0 && r.doubled === 0 && r.errors === 0 && r.achieved >= 0.97 * r.rate;

function describe(label: string, r: Awaited<ReturnType<typeof measuredStep>>): string {
  return (
    `${label}: ${r.rate} msg/s offered, ${r.achieved.toFixed(0)} achieved, p50/p95/p99/max ${ms(r.p50)} / ${ms(r.p95)} / ${ms(r.p99)} / ${ms(r.max)}, ` +
    `errors ${r.errors}${r.errors ? ` ${JSON.stringify(r.statuses)}` : ''}, lost ${r.lost}${r.lost ? ` (${r.lostToClosedSockets} to sockets the server closed)` : ''}, doubled ${r.doubled}, ` +
    `${Object.keys(r.closes).length ? `sockets closed by the server ${JSON.stringify(r.closes)}, ` : ''}` +
    `CPU ms/msg node ${r.cpu.server.toFixed(2)} pg ${r.cpu.postgres.toFixed(2)} redis ${r.cpu.redis.toFixed(2)} load ${r.cpu.load.toFixed(2)}, ` +
    `machine busy ${r.cpu.machineBusyPercent.toFixed(0)}%, client loop p99/max ${ms(r.clientLoopP99Ms)} / ${ms(r.clientLoopMaxMs)}, ` +
    `${r.serverLoop ? `server loop p99/max ${ms(r.serverLoop.p99)} / ${ms(r.serverLoop.max)}, ` : ''}load ${formatLoad(r.loadAvg)}`
  );
}

interface Subject {
  label: string;
  target: Target;
  ports: number[];
  pids: number[];
  /** Its PostgreSQL backends' CPU (by application_name). */
  backends: () => Promise<Map<number, number>>;
  load: Load;
}

async function connect(
  subject: Omit<Subject, 'load' | 'backends'>,
  seeded: SeededMember[],
  applicationName: string,
): Promise<Subject> {
  const load = await startLoad(WORKERS);
  const members: WorkerMember[] = seeded.map((m, i) => ({
    ...m,
    port: subject.ports[i % subject.ports.length]!,
  }));
  await load.init(subject.target, members, sharedSecrets.PUSHER_APP_KEY);
  return { ...subject, load, backends: backendsOf(admin, applicationName) };
}

/**
 * Unmeasured: JIT, pools and keep-alive connections settle, and every member writes once, so what
 * happens once per member and quarter of an hour (the first notice's mail check) is not counted as if
 * it happened for every message. Once per subject.
 */
const warmed = new Set<Subject>();
async function warmUp(subject: Subject): Promise<void> {
  if (warmed.has(subject)) return;
  warmed.add(subject);
  await subject.load.step(400, MEMBERS / 400, `${subject.target}-warm`, { inTurn: true });
}

async function fixedRate(subject: Subject, label: string) {
  await warmUp(subject);
  const r = await measuredStep(subject, RATE, SECONDS, `${subject.target}-fixed`);
  console.log(describe(label, r));
  const ok = passes(r);
  report.add({
    metric: `${label}: ${RATE} msg/s between ${MEMBERS} members, p50 / p95 / p99`,
    value: r.p99,
    unit: 'ms',
    result: `${ms(r.p50)} / ${ms(r.p95)} / ${ms(r.p99)}; ${r.achieved.toFixed(0)} msg/s; errors ${r.errors}, lost ${r.lost}${r.lost ? ` (${r.lostToClosedSockets} to closed sockets)` : ''}, doubled ${r.doubled}${Object.keys(r.closes).length ? `; closed by the server ${JSON.stringify(r.closes)}` : ''}`,
    target: `p99 ≤ ${P99_TARGET_MS} ms, 0 lost, 0 doubled`,
    met: ok,
    load: r.loadAvg,
  });
  report.add({
    metric: `${label}: CPU per message (node${subject.pids.length > 1 ? 's' : ''} / PostgreSQL / Redis / load generator)`,
    value: r.cpu.server,
    unit: 'ms',
    result: `${r.cpu.server.toFixed(2)} / ${r.cpu.postgres.toFixed(2)} / ${r.cpu.redis.toFixed(2)} / ${r.cpu.load.toFixed(2)} ms`,
    target: '–',
    met: null,
    load: r.loadAvg,
  });
  report.add({
    metric: `${label}: load generator event-loop delay p99 / max`,
    value: r.clientLoopMaxMs,
    unit: 'ms',
    result: `${ms(r.clientLoopP99Ms)} / ${ms(r.clientLoopMaxMs)}`,
    target: '–',
    met: null,
    load: r.loadAvg,
  });
  return r;
}

/**
 * The highest rate each subject holds: short probes climb by 25 % while the rate passes, then the
 * last passing rate is held for the full --seconds (stepping down until one holds) and the gap to the
 * first failing one is halved once. Subjects take turns at each rate, so both see the same machine.
 */
async function highestHeld(subjects: Subject[]) {
  const state = subjects.map(() => ({ lastPass: 0, firstFail: Number.POSITIVE_INFINITY, held: 0 }));
  const step = async (i: number, rate: number, seconds: number, kind: string) => {
    const s = subjects[i]!;
    const r = await measuredStep(s, Math.round(rate), seconds, `${s.target}-${kind}-${Math.round(rate)}`);
    console.log(describe(`${s.label} ${kind} ${passes(r) ? 'held' : 'missed'}`, r));
    // The next step, often the other server's, starts on a quiet machine: an overloaded step leaves work
    // behind (PostgreSQL writing out and vacuuming what it stored, sockets draining).
    const waited = await settle();
    if (waited > 2000) console.log(`  (waited ${(waited / 1000).toFixed(1)} s for the machine to be quiet)`);
    return r;
  };
  for (const subject of subjects) await warmUp(subject);
  for (let rate = START_RATE; state.some((s) => s.firstFail === Number.POSITIVE_INFINITY); rate *= 1.25) {
    for (let i = 0; i < subjects.length; i++) {
      if (state[i]!.firstFail !== Number.POSITIVE_INFINITY) continue;
      if (passes(await step(i, rate, PROBE_SECONDS, 'probe'))) state[i]!.lastPass = Math.round(rate);
      else state[i]!.firstFail = Math.round(rate);
    }
    if (rate > 20_000) break;
  }
  const results = [];
  for (let i = 0; i < subjects.length; i++) {
    const s = state[i]!;
    let best: (StepResult & { cpu: Cpu; loadAvg: number[] }) | null = null;
    for (let rate = s.lastPass || START_RATE / 1.25; rate >= 50; rate /= 1.25) {
      const r = await step(i, rate, SECONDS, 'hold');
      if (passes(r)) {
        best = r;
        s.held = Math.round(rate);
        break;
      }
      s.firstFail = Math.round(rate);
    }
    if (best && Number.isFinite(s.firstFail)) {
      const mid = Math.round((s.held + s.firstFail) / 2);
      if (mid > s.held * 1.05) {
        const r = await step(i, mid, SECONDS, 'hold');
        if (passes(r)) {
          best = r;
          s.held = mid;
        }
      }
    }
    results.push({ held: s.held, best });
  }
  return results;
}

function startCeiling(databaseUrl: string): Promise<{ port: number; process: ChildProcess }> {
  const child = fork(fileURLToPath(new URL('./chat/ceiling-server.ts', import.meta.url)), [databaseUrl], {
    execArgv: ['--import', 'tsx', ...nodeArgs],
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`ceiling server exited with ${code}`)));
    child.once('message', (m: { port: number }) => resolve({ port: m.port, process: child }));
  });
}

const stopChild = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });

function redisAnswers(): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(6379, '127.0.0.1');
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.on('error', () => done(false));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (data) => done(data.toString().startsWith('+PONG')));
  });
}

console.log(
  `Chat bench: ${MEMBERS} members, ${WORKERS} load-generator processes, load average ${formatLoad(loadAverage())}`,
);
const url = await freshDatabase(PG_URL, 'bench_chat');
// Each server's PostgreSQL backends are told apart by application_name, for their CPU per message.
const APP_NAME = 'bench-chat-app';
const CEILING_NAME = 'bench-chat-ceiling';
const withName = (name: string) => `${url}?application_name=${name}`;
const admin = new pg.Client({ connectionString: url });
await admin.connect();
const seeded = await seedPairs(url, MEMBERS);

if (PARTS.has('one') || PARTS.has('ceiling') || PARTS.has('ladder')) {
  const node = await spawnServer({ DATABASE_URL: withName(APP_NAME), ...APP_ENV }, serverOpts());
  const app = await connect(
    { label: 'app, one node', target: 'app', ports: [node.port], pids: [node.process.pid!] },
    seeded,
    APP_NAME,
  );
  const appFixed = PARTS.has('one') ? await fixedRate(app, 'One node') : null;
  if (PARTS.has('ceiling') || PARTS.has('ladder')) {
    const ceilingServer = await startCeiling(withName(CEILING_NAME));
    const ceiling = await connect(
      {
        label: 'ceiling',
        target: 'ceiling',
        ports: [ceilingServer.port],
        pids: [ceilingServer.process.pid!],
      },
      seeded,
      CEILING_NAME,
    );
    // The same rate through the ceiling: what each costs per message, whatever else the machine runs.
    const ceilingFixed = PARTS.has('ceiling') ? await fixedRate(ceiling, 'Ceiling') : null;
    if (appFixed && ceilingFixed) {
      const cost = (r: typeof appFixed) => r.cpu.server + r.cpu.postgres;
      report.add({
        metric: `CPU per message at ${RATE} msg/s, ceiling ÷ app (server + PostgreSQL; server alone)`,
        value: Math.round((1000 * cost(ceilingFixed)) / cost(appFixed)) / 10,
        unit: '%',
        result: `${((100 * cost(ceilingFixed)) / cost(appFixed)).toFixed(0)} %; ${((100 * ceilingFixed.cpu.server) / appFixed.cpu.server).toFixed(0)} % (ceiling ${cost(ceilingFixed).toFixed(2)} ms, app ${cost(appFixed).toFixed(2)} ms)`,
        target: '–',
        met: null,
      });
    }
    if (PARTS.has('ladder')) {
      const [a, c] = await highestHeld([app, ceiling]);
      for (const [label, r] of [
        ['app, one node', a!],
        ['ceiling (bare Fastify + pg + raw ws)', c!],
      ] as const) {
        report.add({
          metric: `Highest rate held ${SECONDS} s with p99 ≤ ${P99_TARGET_MS} ms and 0 lost: ${label}`,
          value: r.held,
          unit: 'msg/s',
          result: r.best
            ? `${r.held} msg/s (p99 ${ms(r.best.p99)}; CPU per message: node ${r.best.cpu.server.toFixed(2)} ms, PostgreSQL ${r.best.cpu.postgres.toFixed(2)} ms)`
            : 'none held',
          target: '–',
          met: null,
          load: r.best?.loadAvg,
        });
      }
      const ratio = c!.held ? a!.held / c!.held : 0;
      report.add({
        metric: 'App at … of the ceiling (highest rates held, one node)',
        value: Math.round(ratio * 1000) / 10,
        unit: '%',
        result: `${(ratio * 100).toFixed(1)} %${a!.best && c!.best ? ` (server CPU per message: ceiling / app = ${((100 * c!.best.cpu.server) / a!.best.cpu.server).toFixed(0)} %)` : ''}`,
        target: '≥ 60 %',
        met: ratio >= 0.6,
      });
    }
    await ceiling.load.close();
    await stopChild(ceilingServer.process);
  }
  await app.load.close();
  await node.stop();
}

if (PARTS.has('two')) {
  if (!(await redisAnswers())) {
    report.add({
      metric: 'Two nodes via Redis',
      value: null,
      unit: '',
      result: 'skipped: no Redis',
      target: '',
      met: null,
    });
  } else {
    const env = {
      DATABASE_URL: withName(APP_NAME),
      REDIS_URL,
      REDIS_PREFIX: `bench-${Date.now()}`,
      ...APP_ENV,
    };
    const nodes: SpawnedServer[] = [
      await spawnServer(env, serverOpts()),
      await spawnServer(env, serverOpts()),
    ];
    const two = await connect(
      {
        label: 'app, two nodes',
        target: 'app',
        ports: nodes.map((n) => n.port),
        pids: nodes.map((n) => n.process.pid!),
      },
      seeded,
      APP_NAME,
    );
    await fixedRate(two, 'Two nodes via Redis');
    await two.load.close();
    await Promise.all(nodes.map((n) => n.stop()));
  }
}

await admin.end();
report.finish(values.json);
console.log(
  'Load generator: separate processes (whole pairs each, so sender and recipient share a clock), raw ws clients speaking the Pusher protocol as pusher-js does.',
);
process.exit(0);
