// npm run bench [-- realtime|matching|chat|export-memory|groups|lighthouse|restart ...] [--json FILE]: runs the
// benchmarks one after another, each printing its own figures, then prints every figure in one table with
// its target and the load average when it was taken, and writes them as JSON (FILE, or
// bench-results/<time>.json) so two runs can be compared:
//   npm run bench -- --compare bench-results/A.json bench-results/B.json
// Anything else on the command line goes to each chosen benchmark (`npm run bench -- chat --seconds 10`).
// They talk only to 127.0.0.1 (PostgreSQL/Redis there when available) and stop by themselves.
import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type BenchRow, formatLoad, formatTable, loadAverage } from './lib/results.ts';

interface BenchRun {
  startedAt: string;
  machine: { loadAtStart: number[] };
  rows: BenchRow[];
}

const all = ['realtime', 'matching', 'chat', 'export-memory', 'groups', 'lighthouse', 'restart'];
/** Run only when named (`npm run bench -- cluster`): it starts its own PostgreSQL, Redis and HAProxy for minutes. */
const named = ['cluster'];
const args = process.argv.slice(2);
const root = path.resolve(import.meta.dirname, '..');

function takeOption(name: string, count = 1): string[] | null {
  const at = args.indexOf(name);
  if (at === -1) return null;
  return args.splice(at, count + 1).slice(1);
}

const compare = takeOption('--compare', 2);
if (compare) {
  const [a, b] = compare.map((file) => JSON.parse(readFileSync(file, 'utf8')) as BenchRun);
  if (!a || !b) throw new Error('usage: npm run bench -- --compare A.json B.json');
  const key = (row: BenchRow) => `${row.bench}\n${row.metric}`;
  const before = new Map(a.rows.map((row) => [key(row), row]));
  console.log(`A: ${compare[0]} (${a.startedAt}, load at start ${formatLoad(a.machine.loadAtStart)})`);
  console.log(`B: ${compare[1]} (${b.startedAt}, load at start ${formatLoad(b.machine.loadAtStart)})\n`);
  console.log('| Bench | Figure | A | B | Change | Target | Load A → B |\n|---|---|---|---|---|---|---|');
  for (const row of b.rows) {
    const old = before.get(key(row));
    const change =
      old && typeof old.value === 'number' && typeof row.value === 'number' && old.value !== 0
        ? `${(((row.value - old.value) / Math.abs(old.value)) * 100).toFixed(1)} %`
        : '–';
    console.log(
      `| ${row.bench} | ${row.metric} | ${old?.result ?? '–'} | ${row.result} | ${change} | ${row.target} | ${old ? formatLoad(old.load) : '–'} → ${formatLoad(row.load)} |`,
    );
  }
  process.exit(0);
}

const jsonFile =
  takeOption('--json')?.[0] ??
  path.join(root, 'bench-results', `${new Date().toISOString().replace(/[:.]/g, '-')}.json`);
const chosen = args.filter((a) => all.includes(a) || named.includes(a));
// Anything else on the command line goes to each chosen benchmark (`npm run bench -- matching --sizes 1000000`).
const passed = args.filter((a) => !all.includes(a) && !named.includes(a));
const collector = path.join(os.tmpdir(), `trostnetz-bench-${process.pid}.jsonl`);
rmSync(collector, { force: true });
const startedAt = new Date().toISOString();
const loadAtStart = loadAverage();
const failed: string[] = [];
for (const name of chosen.length ? chosen : all) {
  console.log(`\n=== bench/${name}.ts`);
  const r = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', `bench/${name}.ts`, ...passed], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_RESULTS_FILE: collector },
  });
  if (r.status !== 0) failed.push(name);
}

let rows: BenchRow[] = [];
try {
  rows = readFileSync(collector, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as BenchRow);
} catch {}
rmSync(collector, { force: true });
const machine = {
  cores: os.cpus().length,
  cpu: os.cpus()[0]?.model,
  node: process.version,
  loadAtStart,
  loadAtEnd: loadAverage(),
};
console.log(`\n=== All figures (${startedAt}, ${machine.cores} cores, ${machine.cpu})`);
console.log(formatTable(rows));
console.log(
  `Load average (1 / 5 / 15 min) at the start ${formatLoad(loadAtStart)}, at the end ${formatLoad(machine.loadAtEnd)}.`,
);
if (failed.length) console.log(`Failed: ${failed.join(', ')}`);
mkdirSync(path.dirname(jsonFile), { recursive: true });
writeFileSync(jsonFile, `${JSON.stringify({ startedAt, machine, failed, rows }, null, 2)}\n`);
console.log(
  `Written to ${path.relative(root, jsonFile)} (compare two runs: npm run bench -- --compare A.json B.json).`,
);
process.exit(failed.length ? 1 : 0);
