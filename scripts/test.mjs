// npm test: lint, import boundaries, type check, unit + API (PGlite; PostgreSQL/Redis too when TEST_DATABASE_URL/TEST_REDIS_URL
// are set) and the browser journeys in Chromium. Ends with one line "N passed, N failed".
//
// CI has two cores and twenty minutes. Run one after the other, the steps took 21½ minutes while the cores sat
// idle a third of the time (the API tests wait on databases, sockets and timers; the journeys wait on the
// browser). So the quick checks run side by side, and the unit and API tests run beside the browser journeys:
// vitest prints as it goes, the journeys' output is kept in a file and printed when they end.
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let passed = 0;
let failed = 0;
const failures = [];
const failedNames = [];

/**
 * Runs one step. With `logFile` its output goes there and is printed in one piece when it ends, so steps that
 * run side by side do not interleave their lines; without it the step prints as it goes.
 */
function run(label, cmd, args, { env = {}, logFile } = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}${logFile ? ' (output follows when it ends)' : ''}`);
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      stdio: logFile ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: { ...process.env, ...env },
    });
    let log;
    if (logFile) {
      log = createWriteStream(logFile);
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
    }
    child.on('close', (code) => {
      const done = () => {
        if (logFile) {
          console.log(`\n=== ${label}: output`);
          process.stdout.write(readFileSync(logFile, 'utf8'));
        }
        // Each step's time, so a slow CI run shows where its minutes went.
        console.log(
          `=== ${label}: ${Math.round((Date.now() - started) / 1000)} s${code === 0 ? '' : ` (exit ${code})`}`,
        );
        resolve(code === 0);
      };
      if (log) log.end(done);
      else done();
    });
  });
}

function check(label, ok) {
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
}

const logs = '.artifacts/logs';
mkdirSync(logs, { recursive: true });

// `npm ci` must accept the lock on a fresh machine (see scripts/complete-lockfile.mjs).
check(
  'lockfile',
  await run('lockfile in sync', 'npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund']),
);

// The quick checks and the build, side by side. The build comes before the unit and API tests, which read
// nothing it writes, so that the journeys can start beside them.
const haveChromium = existsSync(CHROMIUM);
const [lintOk, boundariesOk, typecheckOk, buildOk] = await Promise.all([
  run('lint', 'npx', ['biome', 'check', '.'], { logFile: `${logs}/lint.log` }),
  // Import boundaries and cycles (dependency-cruiser; docs/decisions/010-enforced-boundaries.md).
  run('import boundaries', 'npm', ['run', '--silent', 'lint:boundaries'], {
    logFile: `${logs}/boundaries.log`,
  }),
  run('typecheck', 'npx', ['tsc', '-b'], { logFile: `${logs}/typecheck.log` }),
  haveChromium
    ? run('build', 'npm', ['run', 'build'], { logFile: `${logs}/build.log` })
    : Promise.resolve(false),
]);
check('lint', lintOk);
check('boundaries', boundariesOk);
check('typecheck', typecheckOk);

function countVitest(unitOk, vitestJson) {
  if (!existsSync(vitestJson)) return check('vitest run (no report)', false);
  const r = JSON.parse(readFileSync(vitestJson, 'utf8'));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  if (r.numFailedTests > 0) {
    failures.push(`${r.numFailedTests} unit/API tests`);
    // Named again at the very end, where a cut CI log still shows them.
    for (const file of r.testResults ?? []) {
      for (const t of file.assertionResults ?? []) {
        if (t.status === 'failed')
          failedNames.push(`${file.name.replace(`${process.cwd()}/`, '')} › ${t.fullName}`);
      }
    }
  }
  if (!unitOk && r.numFailedTests === 0) check('vitest run (suite error)', false);
}

function countPlaywright(e2eOk, pwJson) {
  if (!existsSync(pwJson)) return check('playwright (no report)', false);
  const report = JSON.parse(readFileSync(pwJson, 'utf8'));
  const s = report.stats;
  passed += s.expected + (s.flaky ?? 0);
  failed += s.unexpected;
  if (s.unexpected > 0) {
    failures.push(`${s.unexpected} browser journeys`);
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const t of spec.tests ?? []) {
          if (t.status === 'unexpected') failedNames.push(`${spec.file} › [${t.projectName}] ${spec.title}`);
        }
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of report.suites ?? []) walk(suite);
  }
  if (!e2eOk && s.unexpected === 0) check('playwright (run error)', false);
}

const vitestJson = '.artifacts/vitest.json';
const pwJson = 'e2e/.artifacts/results.json';
rmSync(vitestJson, { force: true });
rmSync(pwJson, { force: true });

async function journeys() {
  if (!haveChromium) {
    console.error(
      `\nNo Chromium at ${CHROMIUM}: the browser journeys cannot run.\n` +
        'Install it with:  apt-get update && apt-get install -y chromium\n',
    );
    return check('browser journeys (no chromium)', false);
  }
  if (!buildOk) return check('build', false);
  const ok = await run('browser journeys', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], {
    logFile: `${logs}/journeys.log`,
  });
  countPlaywright(ok, pwJson);
}

await Promise.all([
  run('unit and API tests', 'npx', [
    'vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${vitestJson}`,
  ]).then((ok) => countVitest(ok, vitestJson)),
  journeys(),
]);

if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
for (const name of failedNames) console.log(`  ✗ ${name}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
