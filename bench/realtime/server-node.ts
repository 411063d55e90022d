// One realtime node in its own process, so the benchmark measures server memory and CPU only.
// argv: [redis url, "none", or "raw-ws" (a bare ws server holding sockets, for comparison), key prefix].
// Answers IPC requests from ../realtime.ts.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { monitorEventLoopDelay, PerformanceObserver } from 'node:perf_hooks';
import v8 from 'node:v8';
import { createInProcessAdapter } from '@trostnetz/realtime/adapters/in-process-adapter';
import { createRedisAdapter } from '@trostnetz/realtime/adapters/redis-adapter';
import { createRealtimeServer } from '@trostnetz/realtime/server';
import { WebSocketServer } from 'ws';
import { benchApp } from './bench-app.ts';

const [redisUrl = 'none', prefix = 'bench'] = process.argv.slice(2);
const rawWs =
  redisUrl === 'raw-ws' ? new WebSocketServer({ noServer: true, perMessageDeflate: false }) : null;
const realtime = createRealtimeServer({
  app: benchApp,
  adapter: redisUrl === 'none' || rawWs ? createInProcessAdapter() : createRedisAdapter(redisUrl, { prefix }),
  limits: { maxConnections: 50_000, maxConnectionsPerAddress: 50_000, subscribeTimeoutSec: 86_400 },
});

const server = http.createServer(async (req, res) => {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const url = new URL(req.url ?? '/', 'http://localhost');
  const result = await realtime.handleHttpApi({
    method: req.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    rawBody: Buffer.concat(chunks).toString('utf8'),
  });
  res.writeHead(result.status, { 'content-type': 'application/json' }).end(JSON.stringify(result.body));
});
server.on('upgrade', (req, socket, head) => {
  if (rawWs) rawWs.handleUpgrade(req, socket, head, (ws) => ws.on('error', () => {}));
  else if (!realtime.handleUpgrade(req, socket, head)) socket.destroy();
});
server.listen(0, '127.0.0.1', () => {
  process.send?.({ type: 'ready', port: (server.address() as AddressInfo).port });
});

const gc = (globalThis as { gc?: () => void }).gc;

// Diagnostics for the latency runs: is a slow delivery the server's own doing (event-loop stall,
// GC pause) or scheduling outside it?
const loopDelay = monitorEventLoopDelay({ resolution: 1 });
loopDelay.enable();
let longestGcMs = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) longestGcMs = Math.max(longestGcMs, entry.duration);
}).observe({ entryTypes: ['gc'] });

process.on('message', async (message: { id: number; type: string }) => {
  let result: unknown;
  switch (message.type) {
    case 'memory':
      // Several passes: ws and net objects are freed across more than one cycle.
      for (let i = 0; i < 4; i++) {
        gc?.();
        await new Promise((resolve) => setImmediate(resolve));
      }
      result = {
        ...process.memoryUsage(),
        gcExposed: gc !== undefined,
        newSpace: v8.getHeapSpaceStatistics().find((space) => space.space_name === 'new_space')?.space_size,
      };
      break;
    case 'cpu':
      result = process.cpuUsage();
      break;
    case 'loop':
      result = { p99Ms: loopDelay.percentile(99) / 1e6, maxMs: loopDelay.max / 1e6, longestGcMs };
      loopDelay.reset();
      longestGcMs = 0;
      break;
    case 'stats':
      result = rawWs ? { connections: rawWs.clients.size } : realtime.stats();
      break;
    case 'close':
      for (const ws of rawWs?.clients ?? []) ws.terminate();
      await realtime.close();
      server.closeAllConnections();
      server.close();
      result = true;
      break;
  }
  process.send?.({ id: message.id, result });
  if (message.type === 'close') process.disconnect();
});
