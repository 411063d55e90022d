// npm run test:mutation [-- target ...]: Stryker per rule area (README "Mutation testing"), one after another.
// Each target's config is stryker/<target>.config.mjs; a score below 85 % fails the run. Not part of npm test or CI.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const TARGETS = [
  'matching',
  'realtime',
  'accounts',
  'policies',
  'staff',
  'moderation',
  'decisions',
  'groups',
  'notifications',
  'premium',
  'webhooks',
];
const asked = process.argv.slice(2);
const unknown = asked.filter((t) => !TARGETS.includes(t));
if (unknown.length) {
  console.error(`Unknown mutation target ${unknown.join(', ')}; known: ${TARGETS.join(', ')}`);
  process.exit(2);
}

const results = [];
for (const target of asked.length ? asked : TARGETS) {
  console.log(`\n=== mutation target ${target}`);
  const started = Date.now();
  const run = spawnSync('npx', ['stryker', 'run', `stryker/${target}.config.mjs`], { stdio: 'inherit' });
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  compactIncrementalFile(target);
  results.push({ target, ok: run.status === 0, minutes, ...counts(target) });
}

console.log('\n=== mutation scores (killed + timeout over all mutants, break at 85 %)');
for (const r of results) {
  const score = r.total ? ((100 * (r.killed + r.timeout)) / r.total).toFixed(1) : '–';
  console.log(
    `${r.ok ? 'ok  ' : 'FAIL'} ${r.target.padEnd(9)} ${score} %  killed ${r.killed}, timeout ${r.timeout}, ` +
      `survived ${r.survived}, no coverage ${r.noCoverage}, errors ${r.errors}  (${r.minutes} min)`,
  );
}
process.exit(results.every((r) => r.ok) ? 0 : 1);

/**
 * The incremental file is committed. A killed mutant's reason can be a fast-check counterexample of
 * megabytes (the realtime fuzz tests print whole frame lists): cut to its first 500 characters, which
 * Stryker only shows, never compares.
 */
function compactIncrementalFile(target) {
  const file = `reports/stryker-incremental-${target}.json`;
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  for (const f of Object.values(report.files))
    for (const m of f.mutants)
      if (typeof m.statusReason === 'string' && m.statusReason.length > 500)
        m.statusReason = `${m.statusReason.slice(0, 500)}…`;
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}

/** Counts from the JSON report (mutation-testing-report-schema) the run just wrote. */
function counts(target) {
  const file = `reports/mutation/${target}.json`;
  const c = { killed: 0, timeout: 0, survived: 0, noCoverage: 0, errors: 0, total: 0 };
  if (!existsSync(file)) return c;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  for (const f of Object.values(report.files)) {
    for (const m of f.mutants) {
      if (m.status === 'Killed') c.killed += 1;
      else if (m.status === 'Timeout') c.timeout += 1;
      else if (m.status === 'Survived') c.survived += 1;
      else if (m.status === 'NoCoverage') c.noCoverage += 1;
      else if (m.status === 'Ignored') continue;
      else {
        // Compile and runtime errors are not valid mutants: Stryker leaves them out of the score.
        c.errors += 1;
        continue;
      }
      c.total += 1;
    }
  }
  return c;
}
