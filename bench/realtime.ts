// Realtime server benchmark: memory per idle connection, fan-out throughput, trigger-to-client latency.
// Run: node --import tsx bench/realtime.ts  (talks to 127.0.0.1 only; Redis part needs redis://127.0.0.1:6379)
import { execSync } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import { type LatencyResult, measureFanout, measureIdleMemory, measureLatency } from './realtime/measure.ts';
import { type NodeHandle, startNode } from './realtime/node-handle.ts';
import { closeClients } from './realtime/raw-clients.ts';

const REDIS_URL = 'redis://127.0.0.1:6379';
const IDLE_CONNECTIONS = 10_000;
const FANOUT_SUBSCRIBERS = 5_000;
const FANOUT_TRIGGERS = 200;
const RATE = 200;
const SECONDS = 10;

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

function fileLimit(): number {
  try {
    return Number(execSync('ulimit -n', { shell: '/bin/bash' }).toString().trim());
  } catch {
    return Number.NaN;
  }
}

const rows: Array<[string, string, string, string]> = [];
const row = (metric: string, result: string, target: string, ok: boolean | null) =>
  rows.push([metric, result, target, ok === null ? '–' : ok ? 'met' : 'MISSED']);
const ms = (value: number) => `${value.toFixed(1)} ms`;
const load = () => os.loadavg()[0]?.toFixed(2) ?? '?';
const latencyRow = (label: string, r: LatencyResult, targetMs: number) => {
  row(
    `${label}: ${r.subscribers} subscriber${r.subscribers > 1 ? 's' : ''}, p50 / p99 (max)`,
    `${ms(r.p50)} / ${ms(r.p99)} (${ms(r.max)}), ${r.samples}/${r.expected} received`,
    `p99 ≤ ${targetMs} ms`,
    r.samples === r.expected && r.p99 <= targetMs,
  );
  row(
    '  receiving node CPU; its event-loop delay p99 / max; its longest GC; client-process stall max',
    `${r.serverCpuPercent.toFixed(0)}%; ${ms(r.serverLoop.p99Ms)} / ${ms(r.serverLoop.maxMs)}; ${ms(r.serverLoop.longestGcMs)}; ${ms(r.clientLoopMaxMs)}`,
    '–',
    null,
  );
};

async function main(): Promise<void> {
  const limit = fileLimit();
  const connections = Number.isFinite(limit) ? Math.min(IDLE_CONNECTIONS, limit - 500) : IDLE_CONNECTIONS;
  console.log(
    `Node ${process.version}, ${os.cpus().length} cores, ulimit -n ${limit}, load average ${load()}`,
  );
  if (connections < IDLE_CONNECTIONS) console.log(`ulimit -n too low: measuring ${connections} connections`);

  const nodes: NodeHandle[] = [];
  try {
    const single = await startNode(null);
    nodes.push(single);
    console.log(`1/4 memory: opening ${connections} idle connections…`);
    const memory = await measureIdleMemory(single, connections);
    row(
      `Memory per idle connection (heap+external, ${connections} conns${memory.gcExposed ? ', after gc' : ''})`,
      `${(memory.bytesPerConnection / 1024).toFixed(2)} KB`,
      '≤ 10 KB',
      memory.bytesPerConnection <= 10 * 1024,
    );
    row(
      '  RSS growth per connection (kernel-side socket memory not included)',
      `${(memory.rssPerConnection / 1024).toFixed(2)} KB`,
      '–',
      null,
    );

    console.log(`2/4 fan-out: ${FANOUT_SUBSCRIBERS} subscribers × ${FANOUT_TRIGGERS} triggers…`);
    const fanout = await measureFanout(single, memory.clients.slice(0, FANOUT_SUBSCRIBERS), FANOUT_TRIGGERS);
    const perCpuSecond = fanout.deliveries / fanout.cpuSeconds;
    row(
      `Fan-out deliveries per server CPU-second (1 channel × ${fanout.subscribers} subs × ${fanout.triggers} triggers)`,
      `${Math.round(perCpuSecond).toLocaleString('en')} (${fanout.deliveries.toLocaleString('en')} in ${fanout.cpuSeconds.toFixed(2)} CPU-s, ${fanout.wallSeconds.toFixed(2)} s wall)`,
      '≥ 100,000',
      perCpuSecond >= 100_000,
    );

    await closeClients(memory.clients);
    console.log(`3/4 latency on one node: ${RATE} triggers/s for ${SECONDS} s (load average ${load()})…`);
    latencyRow('Latency, one node', await measureLatency(single, single, 1, RATE, SECONDS), 25);
    latencyRow('Latency, one node', await measureLatency(single, single, 100, RATE, SECONDS), 25);
    await single.stop();

    if (await redisAnswers()) {
      console.log(
        `4/4 latency via Redis: trigger on node A, subscribers on node B (load average ${load()})…`,
      );
      const prefix = `bench-${process.pid}-${Date.now()}`;
      const a = await startNode(REDIS_URL, prefix);
      nodes.push(a);
      const b = await startNode(REDIS_URL, prefix);
      nodes.push(b);
      latencyRow('Latency via Redis', await measureLatency(a, b, 1, RATE, SECONDS), 50);
      latencyRow('Latency via Redis', await measureLatency(a, b, 100, RATE, SECONDS), 50);
    } else {
      row('Latency via Redis', 'skipped: no redis', 'p99 ≤ 50 ms', null);
    }
  } finally {
    await Promise.all(nodes.map((node) => node.stop()));
  }

  const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => r[i]?.length ?? 0), 6));
  const line = (cells: string[]) => `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log(`\n${line(['Metric', 'Result', 'Target', 'Status'])}`);
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const r of rows) console.log(line(r));
  const cores = os.cpus().length;
  console.log(
    `\nLoad average at the end: ${load()} on ${cores} cores (other processes on this machine count too).`,
  );
  if ((os.loadavg()[0] ?? 0) > cores) {
    console.log('The machine was oversubscribed: latency tails include time spent waiting for a CPU.');
  }
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
