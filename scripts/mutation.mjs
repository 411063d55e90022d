// npm run test:mutation [-- target ...]: Stryker per rule area (docs/mutation-testing.md), one after another.
// Each target is a row of stryker/targets.mjs; a score below 85 % fails the run. Not part of npm test or CI.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

import { TARGETS as ROWS } from '../stryker/targets.mjs';

const TARGETS = Object.keys(ROWS);
// `--force` tests every mutant again (a full run, to time it), still writing the incremental file.
const force = process.argv.includes('--force');
const asked = process.argv.slice(2).filter((a) => a !== '--force');
const unknown = asked.filter((t) => !TARGETS.includes(t));
if (unknown.length) {
  console.error(`Unknown mutation target ${unknown.join(', ')}; known: ${TARGETS.join(', ')}`);
  process.exit(2);
}

const results = [];
for (const target of asked.length ? asked : TARGETS) {
  console.log(`\n=== mutation target ${target}`);
  const scope = scopeOf(target);
  pruneIncrementalFile(target, scope);
  const started = Date.now();
  const run = spawnSync(
    'npx',
    ['stryker', 'run', 'stryker/stryker.config.mjs', ...(force ? ['--force'] : [])],
    { stdio: 'inherit', env: { ...process.env, MUTATION_TARGET: target } },
  );
  const minutes = ((Date.now() - started) / 60_000).toFixed(1);
  compactIncrementalFile(target);
  const c = counts(target, scope);
  // Stryker's own verdict counts every file in the report; the score here counts the target's mutants only.
  const score = c.total ? (100 * (c.killed + c.timeout)) / c.total : 0;
  results.push({ target, ok: run.status === 0 || (c.total > 0 && score >= 85), minutes, ...c });
}

console.log('\n=== mutation scores (killed + timeout over all mutants, break at 85 %)');
for (const r of results) {
  const score = r.total ? ((100 * (r.killed + r.timeout)) / r.total).toFixed(1) : '–';
  console.log(
    `${r.ok ? 'ok  ' : 'FAIL'} ${r.target.padEnd(17)} ${score} %  killed ${r.killed}, timeout ${r.timeout}, ` +
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
  const file = `stryker/incremental/${target}.json`;
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  for (const f of Object.values(report.files))
    for (const m of f.mutants)
      if (typeof m.statusReason === 'string' && m.statusReason.length > 500)
        m.statusReason = `${m.statusReason.slice(0, 500)}…`;
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}

/**
 * What a target mutates: file → line range (a `file:from-to` pattern mutates part of a file; two targets may
 * share one file that way, as `moderation` and `decisions` do).
 */
function scopeOf(target) {
  const scope = { ranges: new Map(), globs: [], excluded: [] };
  for (const pattern of ROWS[target].mutate) {
    const range = /^(.*?):(\d+)-(\d+)$/.exec(pattern);
    if (range) scope.ranges.set(range[1], { from: Number(range[2]), to: Number(range[3]) });
    else if (pattern.startsWith('!')) scope.excluded.push(globRegExp(pattern.slice(1)));
    else if (pattern.includes('*')) scope.globs.push(globRegExp(pattern));
    else scope.ranges.set(pattern, { from: 1, to: Number.POSITIVE_INFINITY });
  }
  return scope;
}
/** A `mutate` glob as the configs write them (`*` within one folder) as a regular expression. */
function globRegExp(glob) {
  return new RegExp(`^${glob.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}$`);
}
function inScope(scope, file, mutant) {
  if (scope.excluded.some((re) => re.test(file))) return false;
  if (scope.globs.some((re) => re.test(file))) return true;
  const range = scope.ranges.get(file);
  const line = mutant.location?.start?.line ?? 0;
  return Boolean(range) && line >= range.from && line <= range.to;
}

/**
 * Stryker keeps every file of the incremental file in its report, mutated by this target or not. A file or
 * range that moved to another target would count here too, with results that are no longer tested: dropped.
 */
function pruneIncrementalFile(target, scope) {
  const file = `stryker/incremental/${target}.json`;
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  for (const [name, f] of Object.entries(report.files)) {
    f.mutants = f.mutants.filter((m) => inScope(scope, name, m));
    if (f.mutants.length === 0) delete report.files[name];
  }
  writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
}

/** Counts from the JSON report (mutation-testing-report-schema) the run just wrote, for the target's mutants. */
function counts(target, scope) {
  const file = `reports/mutation/${target}.json`;
  const c = { killed: 0, timeout: 0, survived: 0, noCoverage: 0, errors: 0, total: 0 };
  if (!existsSync(file)) return c;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  for (const [name, f] of Object.entries(report.files)) {
    for (const m of f.mutants) {
      if (!inScope(scope, name, m)) continue;
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
