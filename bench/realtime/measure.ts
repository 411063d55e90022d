import { type ChildProcess, fork } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import PusherServer from 'pusher';
import { Latencies } from '../lib/latency.ts';
import { benchApp } from './bench-app.ts';
import type { NodeHandle } from './node-handle.ts';
import { type BenchClient, closeClients, openClients, subscribeAll } from './raw-clients.ts';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function sdkFor(port: number): PusherServer {
  return new PusherServer({
    appId: benchApp.id,
    key: benchApp.key,
    secret: benchApp.secret,
    host: '127.0.0.1',
    port: String(port),
    useTLS: false,
  });
}

interface Memory {
  heapUsed: number;
  external: number;
  rss: number;
  gcExposed: boolean;
  /** V8's young generation: it grows while sockets are being opened and shrinks again when idle. */
  newSpace?: number;
}

export interface MemoryResult {
  connections: number;
  bytesPerConnection: number;
  rssPerConnection: number;
  /** The same, read half a second after the last socket opened (young generation still grown). */
  rssPerConnectionAtOnce: number;
  gcExposed: boolean;
  /** Young generation before and after, in bytes (part of the RSS growth that is not per connection). */
  newSpaceBefore: number;
  newSpaceAfter: number;
}

const clientEntry = fileURLToPath(new URL('./client-process.ts', import.meta.url));
/** Sockets per client process; each process gets a loopback address of its own (127.0.0.2, .3, …). */
const PER_CLIENT_PROCESS = 8_000;

/** Idle client processes holding connections to one node. */
async function clientProcesses(port: number, count: number, path?: string) {
  const children: ChildProcess[] = Array.from({ length: count }, (_, i) =>
    fork(clientEntry, [String(port), `127.0.0.${2 + i}`, ...(path ? [path] : [])], {
      execArgv: ['--import', 'tsx'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    }),
  );
  const ask = (child: ChildProcess, message: object) =>
    new Promise<number>((resolve, reject) => {
      child.once('message', (answer: { ok: boolean; open?: number; error?: string }) =>
        answer.ok ? resolve(answer.open ?? 0) : reject(new Error(answer.error)),
      );
      child.send(message);
    });
  await Promise.all(children.map((child) => new Promise((resolve) => child.once('message', resolve))));
  return {
    /** Spreads `total` open connections over the processes. */
    open: (total: number) =>
      Promise.all(children.map((child, i) => ask(child, { open: Math.ceil((total - i) / count) }))),
    close: () => Promise.all(children.map((child) => ask(child, { close: true }))),
    stop: () => {
      for (const child of children) child.kill();
    },
  };
}

/**
 * RSS and heap+external growth of a node per idle connection. The clients live in other processes (a
 * loopback address each, so source ports never run out). Both readings are taken once the node has
 * been idle for `idleSeconds`: V8 grows its young generation while thousands of sockets are being
 * opened and gives it back when the process is idle, a growth that belongs to the opening, not to
 * the connections (`newSpace*` show it).
 */
export async function measureIdleMemory(
  node: NodeHandle,
  connections: number,
  opts: { idleSeconds: number; path?: string },
): Promise<MemoryResult> {
  const clients = await clientProcesses(node.port, Math.ceil(connections / PER_CLIENT_PROCESS), opts.path);
  try {
    // Warm-up: one-time allocations (code, pools) are not counted.
    await clients.open(1_000);
    await clients.close();
    await sleep(opts.idleSeconds * 1000);
    const before = await node.request<Memory>('memory');
    await clients.open(connections);
    const stats = await node.request<{ connections: number }>('stats');
    if (stats.connections !== connections) throw new Error(`server holds ${stats.connections} connections`);
    await sleep(500);
    const atOnce = await node.request<Memory>('memory');
    await sleep(opts.idleSeconds * 1000);
    const after = await node.request<Memory>('memory');
    await clients.close();
    return {
      connections,
      bytesPerConnection: (after.heapUsed + after.external - before.heapUsed - before.external) / connections,
      rssPerConnection: (after.rss - before.rss) / connections,
      rssPerConnectionAtOnce: (atOnce.rss - before.rss) / connections,
      gcExposed: after.gcExposed,
      newSpaceBefore: before.newSpace ?? 0,
      newSpaceAfter: after.newSpace ?? 0,
    };
  } finally {
    clients.stop();
  }
}

export interface FanoutResult {
  subscribers: number;
  triggers: number;
  deliveries: number;
  cpuSeconds: number;
  wallSeconds: number;
}

/** One channel, many subscribers, triggers through the HTTP events API; server CPU read in the child. */
export async function measureFanout(
  node: NodeHandle,
  subscribers: BenchClient[],
  triggers: number,
): Promise<FanoutResult> {
  await subscribeAll(subscribers, 'fanout');
  let received = 0;
  for (const { ws } of subscribers) ws.on('message', () => received++);
  const expected = subscribers.length * triggers;
  const pusher = sdkFor(node.port);
  const payload = { text: 'x'.repeat(80) };
  const cpuBefore = await node.request<NodeJS.CpuUsage>('cpu');
  const started = performance.now();
  // A few triggers in flight keep the server busy without letting socket buffers run away.
  const inFlight = 4;
  let sent = 0;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (sent < triggers) {
        sent++;
        await pusher.trigger('fanout', 'burst', payload);
        while (received < (sent - inFlight * 2) * subscribers.length) await sleep(1);
      }
    }),
  );
  const deadline = Date.now() + 120_000;
  while (received < expected && Date.now() < deadline) await sleep(5);
  const wallSeconds = (performance.now() - started) / 1000;
  const cpuAfter = await node.request<NodeJS.CpuUsage>('cpu');
  for (const { ws } of subscribers) ws.removeAllListeners('message');
  if (received < expected) throw new Error(`only ${received} of ${expected} deliveries arrived`);
  const cpuSeconds = (cpuAfter.user - cpuBefore.user + cpuAfter.system - cpuBefore.system) / 1e6;
  return { subscribers: subscribers.length, triggers, deliveries: expected, cpuSeconds, wallSeconds };
}

export interface LatencyResult {
  subscribers: number;
  triggers: number;
  samples: number;
  expected: number;
  p50: number;
  p99: number;
  max: number;
  serverCpuPercent: number;
  /** The receiving node's own event-loop delay and longest GC pause during the run. */
  serverLoop: { p99Ms: number; maxMs: number; longestGcMs: number };
  /** Longest event-loop stall of this (client) process: its stalls show up as latency too. */
  clientLoopMaxMs: number;
}

const WARM_UP_SECONDS = 2;

/**
 * Steady triggers through the HTTP events API on `publisher`, received by `subscribers` raw clients
 * on `receiver` (the same node, or another one via Redis). The payload carries the send time.
 */
export async function measureLatency(
  publisher: NodeHandle,
  receiver: NodeHandle,
  subscribers: number,
  ratePerSecond: number,
  seconds: number,
): Promise<LatencyResult> {
  const channel = `latency-${subscribers}-${Date.now()}`;
  const clients = await openClients(receiver.port, subscribers);
  await subscribeAll(clients, channel);
  const samples: number[] = [];
  // Read the send time straight from the frame text: two JSON.parse calls per delivery would make the
  // client side (same machine, same two cores) the bottleneck at 20,000 deliveries per second.
  const marker = '\\"t\\":';
  for (const { ws } of clients) {
    ws.on('message', (raw: Buffer) => {
      const now = performance.now();
      const text = raw.toString();
      const at = text.indexOf(marker);
      if (at !== -1)
        samples.push(now - Number.parseFloat(text.slice(at + marker.length, at + marker.length + 24)));
    });
  }
  const pusher = sdkFor(publisher.port);
  const send = async (count: number): Promise<void> => {
    const started = performance.now();
    const requests: Promise<unknown>[] = [];
    for (let i = 0; i < count; i++) {
      const wait = started + (i * 1000) / ratePerSecond - performance.now();
      if (wait > 1) await sleep(wait);
      requests.push(pusher.trigger(channel, 'tick', { t: performance.now(), i }));
    }
    await Promise.all(requests);
    await sleep(500);
  };
  // Unmeasured warm-up: JIT, keep-alive connections and (with Redis) script loading settle first.
  await send(ratePerSecond * WARM_UP_SECONDS);
  samples.length = 0;

  const triggers = ratePerSecond * seconds;
  const cpuBefore = await receiver.request<NodeJS.CpuUsage>('cpu');
  await receiver.request('loop');
  const clientLoop = monitorEventLoopDelay({ resolution: 1 });
  clientLoop.enable();
  const started = performance.now();
  await send(triggers);
  const elapsed = (performance.now() - started) / 1000;
  clientLoop.disable();
  const cpuAfter = await receiver.request<NodeJS.CpuUsage>('cpu');
  const serverLoop = await receiver.request<LatencyResult['serverLoop']>('loop');
  await closeClients(clients);
  const latencies = new Latencies(samples);
  return {
    subscribers,
    triggers,
    samples: samples.length,
    expected: triggers * subscribers,
    p50: latencies.percentile(50),
    p99: latencies.percentile(99),
    max: latencies.maxMs,
    serverLoop,
    clientLoopMaxMs: clientLoop.max / 1e6,
    serverCpuPercent: (cpuAfter.user - cpuBefore.user + cpuAfter.system - cpuBefore.system) / 1e4 / elapsed,
  };
}
