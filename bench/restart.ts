// Restart time (issue 19: "a restart with nothing changed reaches /health in ≤ 3 s"). Runs `npm start` as an
// operator would, on a data directory that has started once and with the build current, and measures from
// the spawn until GET /health answers 200; then stops it with SIGTERM. Prints each run, the median and the
// worst, and the server's own `started_in_ms`. Builds first when the build is stale (not measured).
// Run: node --import tsx bench/restart.ts [--runs 7]

import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { Latencies } from './lib/latency.ts';
import { createReport } from './lib/results.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '7' }, json: { type: 'string' } },
});
const report = createReport('restart');
const runs = Number(values.runs);
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'trostnetz-restart-'));
const port = 3900 + Math.floor(Math.random() * 90);

const plan = spawnSync('node', ['scripts/start.mjs', '--plan'], { cwd: root, encoding: 'utf8' });
if (plan.stdout.trim() !== '[]') spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });

async function startOnce(): Promise<{ ms: number; startedIn: number | null }> {
  const began = performance.now();
  const child = spawn('npm', ['start'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_FORMAT: 'json' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  for (;;) {
    const ok = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (performance.now() - began > 60_000) throw new Error(`no /health within 60 s:\n${out}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const ms = performance.now() - began;
  // npm and the server share a process group; the next start waits until all of it has gone (the data lock).
  process.kill(-child.pid!, 'SIGTERM');
  for (;;) {
    try {
      process.kill(-child.pid!, 0);
    } catch {
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  const startedIn = /"started_in_ms":(\d+)/.exec(out)?.[1];
  return { ms, startedIn: startedIn ? Number(startedIn) : null };
}

try {
  await startOnce(); // the first start migrates the fresh data directory: not a restart
  const results = [];
  for (let i = 0; i < runs; i++) {
    const r = await startOnce();
    results.push(r);
    console.log(`run ${i + 1}: /health after ${Math.round(r.ms)} ms (server started_in_ms ${r.startedIn})`);
  }
  const starts = new Latencies(results.map((r) => r.ms));
  const median = starts.percentile(50);
  console.log(
    `restart → /health: median ${Math.round(median)} ms, worst ${Math.round(starts.maxMs)} ms (target ≤ 3000 ms)`,
  );
  report.add({
    metric: `Restart with nothing changed → /health answers (median of ${runs})`,
    value: Math.round(median),
    unit: 'ms',
    result: `${Math.round(median)} ms (worst ${Math.round(starts.maxMs)} ms)`,
    target: '≤ 3000 ms',
    met: median <= 3000,
  });
  report.finish(values.json, { print: false });
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
