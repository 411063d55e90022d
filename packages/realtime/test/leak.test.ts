import { fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { waitUntil } from './helpers/clients.ts';
import { startTestServer } from './helpers/test-server.ts';

const CYCLES = 10_000;
const CONCURRENCY = 250;

function runCycles(port: number): Promise<number> {
  const script = fileURLToPath(new URL('./helpers/leak-cycles.ts', import.meta.url));
  const child = fork(script, [String(port), String(CYCLES), String(CONCURRENCY)], {
    execArgv: ['--import', 'tsx'],
    stdio: 'inherit',
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => resolve((message as { done: number }).done));
    child.once('exit', (code) => reject(new Error(`client process exited with ${code}`)));
  });
}

describe('resource leaks', () => {
  it(`after ${CYCLES} connect/subscribe/disconnect cycles every map and set in stats() is empty`, async () => {
    const server = await startTestServer();
    try {
      expect(await runCycles(server.port)).toBe(CYCLES);
      await waitUntil(
        () => server.realtime.stats().connections === 0 && server.realtime.stats().inflight === 0,
      );
      const stats = server.realtime.stats();
      expect(Object.keys(stats).length).toBeGreaterThan(5);
      for (const [name, value] of Object.entries(stats)) expect({ name, value }).toEqual({ name, value: 0 });
    } finally {
      await server.close();
    }
  }, 60_000);
});
