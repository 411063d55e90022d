// npm test: lint, import boundaries, type check, unit + API (PGlite; PostgreSQL/Redis too when TEST_DATABASE_URL/TEST_REDIS_URL
// are set), then the browser journeys in Chromium. Ends with one line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let passed = 0;
let failed = 0;
const failures = [];
const failedNames = [];

function run(label, cmd, args, env = {}) {
  console.log(`\n=== ${label}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  // Each step's time, so a slow CI run shows where its minutes went.
  console.log(`=== ${label}: ${Math.round((Date.now() - started) / 1000)} s`);
  return r.status === 0;
}

/**
 * `npm run build`, printed as it goes and checked afterwards: a fresh `npm start` runs the same builds, and a
 * newcomer must not be left to interpret a bundler's warning (Vite marks each with "(!)").
 */
function build() {
  console.log('\n=== build: npm run build');
  const started = Date.now();
  const r = spawnSync('npm', ['run', 'build'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  process.stdout.write(r.stdout);
  process.stderr.write(r.stderr);
  console.log(`=== build: ${Math.round((Date.now() - started) / 1000)} s`);
  const warnings = `${r.stdout}\n${r.stderr}`.split('\n').filter((l) => l.includes('(!)'));
  check('the build prints no bundler warnings', warnings.length === 0);
  for (const w of warnings) console.log(`  build warning: ${w.trim()}`);
  return r.status === 0;
}

function check(label, ok) {
  if (ok) passed += 1;
  else {
    failed += 1;
    failures.push(label);
  }
}

mkdirSync('.artifacts', { recursive: true });

// `npm ci` must accept the lock on a fresh machine (see scripts/complete-lockfile.mjs).
check(
  'lockfile',
  run('lockfile in sync', 'npm', ['ci', '--dry-run', '--ignore-scripts', '--no-audit', '--no-fund']),
);
check('lint', run('lint', 'npx', ['biome', 'check', '.']));
// Import boundaries and cycles (dependency-cruiser; docs/decisions/010-enforced-boundaries.md).
check('boundaries', run('import boundaries', 'npm', ['run', '--silent', 'lint:boundaries']));
check('typecheck', run('typecheck', 'npx', ['tsc', '-b']));

const vitestJson = '.artifacts/vitest.json';
rmSync(vitestJson, { force: true });
const unitOk = run('unit and API tests', 'npx', [
  'vitest',
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestJson}`,
]);
if (existsSync(vitestJson)) {
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
} else check('vitest run (no report)', false);

if (!existsSync(CHROMIUM)) {
  console.error(
    `\nNo Chromium at ${CHROMIUM}: the browser journeys cannot run.\n` +
      'Install it with:  apt-get update && apt-get install -y chromium\n',
  );
  check('browser journeys (no chromium)', false);
} else if (build()) {
  const pwJson = 'e2e/.artifacts/results.json';
  rmSync(pwJson, { force: true });
  const e2eOk = run('browser journeys', 'npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts']);
  if (existsSync(pwJson)) {
    const report = JSON.parse(readFileSync(pwJson, 'utf8'));
    const s = report.stats;
    passed += s.expected + (s.flaky ?? 0);
    failed += s.unexpected;
    if (s.unexpected > 0) {
      failures.push(`${s.unexpected} browser journeys`);
      const walk = (suite) => {
        for (const spec of suite.specs ?? []) {
          for (const t of spec.tests ?? []) {
            if (t.status === 'unexpected')
              failedNames.push(`${spec.file} › [${t.projectName}] ${spec.title}`);
          }
        }
        for (const child of suite.suites ?? []) walk(child);
      };
      for (const suite of report.suites ?? []) walk(suite);
    }
    if (!e2eOk && s.unexpected === 0) check('playwright (run error)', false);
  } else check('playwright (no report)', false);
} else check('build', false);

if (failures.length) console.log(`\nFailed: ${failures.join(', ')}`);
for (const name of failedNames) console.log(`  ✗ ${name}`);
console.log(`\n${passed} passed, ${failed} failed`);
process.exit(failed > 0 ? 1 : 0);
