// Realtime server benchmark: memory per idle connection, fan-out throughput, trigger-to-client latency.
// Parts (all by default; `--parts memory,fanout,latency,redis` picks):
// - memory:  RSS and heap per idle connection at the most connections one process may hold here (the file
//            limit less 500, or --connections), with the same for a bare `ws` server for comparison;
// - fanout:  deliveries per server CPU-second, one channel × 5,000 subscribers;
// - latency: trigger-to-client p50/p99 for channels of 1 and 100 subscribers on one node;
// - redis:   the same across two nodes via Redis.
// Run: node --expose-gc --import tsx bench/realtime.ts [--parts …] [--connections N] [--idle-seconds 15] [--json FILE]
import { execSync } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { createReport, formatLoad, loadAverage } from './lib/results.ts';
import { type LatencyResult, measureFanout, measureIdleMemory, measureLatency } from './realtime/measure.ts';
import { type NodeHandle, startNode } from './realtime/node-handle.ts';
import { closeClients, openClients } from './realtime/raw-clients.ts';

const { values } = parseArgs({
  options: {
    parts: { type: 'string', default: 'memory,fanout,latency,redis' },
    connections: { type: 'string' },
    'idle-seconds': { type: 'string', default: '15' },
    json: { type: 'string' },
  },
  allowPositionals: true,
});
const PARTS = new Set(values.parts.split(','));
const IDLE_SECONDS = Number(values['idle-seconds']);
const REDIS_URL = 'redis://127.0.0.1:6379';
const FANOUT_SUBSCRIBERS = 5_000;
const FANOUT_TRIGGERS = 200;
const RATE = 200;
const SECONDS = 10;
const report = createReport('realtime');

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

const ms = (value: number) => `${value.toFixed(1)} ms`;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(2)} KB`;
const latencyRows = (label: string, r: LatencyResult, targetMs: number) => {
  report.add({
    metric: `${label}: ${r.subscribers} subscriber${r.subscribers > 1 ? 's' : ''}, p50 / p99 (max)`,
    value: r.p99,
    unit: 'ms',
    result: `${ms(r.p50)} / ${ms(r.p99)} (${ms(r.max)}), ${r.samples}/${r.expected} received`,
    target: `p99 ≤ ${targetMs} ms`,
    met: r.samples === r.expected && r.p99 <= targetMs,
  });
  report.add({
    metric: `  ${label}, ${r.subscribers}: receiving node CPU; its loop delay p99 / max; longest GC; client stall max`,
    value: r.serverCpuPercent,
    unit: '%',
    result: `${r.serverCpuPercent.toFixed(0)}%; ${ms(r.serverLoop.p99Ms)} / ${ms(r.serverLoop.maxMs)}; ${ms(r.serverLoop.longestGcMs)}; ${ms(r.clientLoopMaxMs)}`,
    target: '–',
    met: null,
  });
};

async function main(): Promise<void> {
  const limit = fileLimit();
  // The measured process needs a few descriptors of its own besides one per connection.
  const connections = values.connections
    ? Number(values.connections)
    : Number.isFinite(limit)
      ? limit - 500
      : 10_000;
  console.log(
    `Node ${process.version}, ${os.cpus().length} cores, ulimit -n ${limit}, load average ${formatLoad(loadAverage())}`,
  );

  const nodes: NodeHandle[] = [];
  try {
    if (PARTS.has('memory')) {
      for (const [label, mode] of [
        ['our realtime server', null],
        ['a bare ws server (comparison)', 'raw-ws'],
      ] as const) {
        console.log(
          `memory, ${label}: ${connections} idle connections, idle ${IDLE_SECONDS} s before each reading…`,
        );
        const node = await startNode(mode);
        nodes.push(node);
        const memory = await measureIdleMemory(node, connections, {
          idleSeconds: IDLE_SECONDS,
          ...(mode ? { path: '/raw' } : {}),
        });
        await node.stop();
        const young = `young generation ${(memory.newSpaceBefore / 1048576).toFixed(0)} → ${(memory.newSpaceAfter / 1048576).toFixed(0)} MB`;
        report.add({
          metric: `RSS per idle connection, ${label}, at ${connections} connections, idle ${IDLE_SECONDS} s`,
          value: Math.round(memory.rssPerConnection),
          unit: 'B',
          result: `${kb(memory.rssPerConnection)} (${young}; ${kb(memory.rssPerConnectionAtOnce)} read 0.5 s after opening)`,
          target: mode ? '–' : '≤ 4 KB',
          met: mode ? null : memory.rssPerConnection <= 4 * 1024,
        });
        report.add({
          metric: `  heap + external per idle connection, ${label}${memory.gcExposed ? ', after gc' : ''}`,
          value: Math.round(memory.bytesPerConnection),
          unit: 'B',
          result: kb(memory.bytesPerConnection),
          target: mode ? '–' : '≤ 10 KB',
          met: mode ? null : memory.bytesPerConnection <= 10 * 1024,
        });
      }
    }

    if (PARTS.has('fanout') || PARTS.has('latency')) {
      const single = await startNode(null);
      nodes.push(single);
      if (PARTS.has('fanout')) {
        console.log(`fan-out: ${FANOUT_SUBSCRIBERS} subscribers × ${FANOUT_TRIGGERS} triggers…`);
        const clients = await openClients(single.port, FANOUT_SUBSCRIBERS);
        const fanout = await measureFanout(single, clients, FANOUT_TRIGGERS);
        await closeClients(clients);
        const perCpuSecond = fanout.deliveries / fanout.cpuSeconds;
        report.add({
          metric: `Fan-out deliveries per server CPU-second (1 channel × ${fanout.subscribers} subs × ${fanout.triggers} triggers)`,
          value: Math.round(perCpuSecond),
          unit: 'deliveries/CPU-s',
          result: `${Math.round(perCpuSecond).toLocaleString('en')} (${fanout.deliveries.toLocaleString('en')} in ${fanout.cpuSeconds.toFixed(2)} CPU-s, ${fanout.wallSeconds.toFixed(2)} s wall)`,
          target: '≥ 100,000',
          met: perCpuSecond >= 100_000,
        });
      }
      if (PARTS.has('latency')) {
        console.log(`latency on one node: ${RATE} triggers/s for ${SECONDS} s…`);
        latencyRows('Latency, one node', await measureLatency(single, single, 1, RATE, SECONDS), 25);
        latencyRows('Latency, one node', await measureLatency(single, single, 100, RATE, SECONDS), 25);
      }
      await single.stop();
    }

    if (PARTS.has('redis')) {
      if (await redisAnswers()) {
        console.log('latency via Redis: trigger on node A, subscribers on node B…');
        const prefix = `bench-${process.pid}-${Date.now()}`;
        const a = await startNode(REDIS_URL, prefix);
        nodes.push(a);
        const b = await startNode(REDIS_URL, prefix);
        nodes.push(b);
        latencyRows('Latency via Redis', await measureLatency(a, b, 1, RATE, SECONDS), 50);
        latencyRows('Latency via Redis', await measureLatency(a, b, 100, RATE, SECONDS), 50);
      } else {
        report.add({
          metric: 'Latency via Redis',
          value: null,
          unit: '',
          result: 'skipped: no Redis',
          target: 'p99 ≤ 50 ms',
          met: null,
        });
      }
    }
  } finally {
    await Promise.all(nodes.map((node) => node.stop()));
  }
  report.finish(values.json);
  if ((os.loadavg()[0] ?? 0) > os.cpus().length) {
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
