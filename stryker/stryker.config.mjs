// Stryker's settings for every mutation target; the target is the row of stryker/targets.mjs that
// MUTATION_TARGET names (scripts/mutation.mjs sets it). Each mutates one rule area and runs only its own tests.
import { targetFromEnv } from './targets.mjs';

const { name, mutate, tests } = targetFromEnv();

export default {
  testRunner: 'vitest',
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: { configFile: 'stryker/vitest.config.ts', related: false },
  coverageAnalysis: 'perTest',
  mutate,
  // Two cores, shared: never more than two test processes.
  concurrency: 2,
  // As `npm start` and the vitest workers (decision 015): V8's baseline WebAssembly compiler only, so each
  // test file's fresh PGlite compiles its WebAssembly in a fraction of the CPU time.
  testRunnerNodeArgs: ['--liftoff-only'],
  timeoutMS: 20_000,
  thresholds: { high: 90, low: 85, break: 85 },
  incremental: true,
  incrementalFile: `stryker/incremental/${name}.json`,
  reporters: ['clear-text', 'progress-append-only', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${name}.html` },
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  // The journeys, benchmarks and docs are never imported by these tests, nor the web app by the server's and
  // packages' targets: not copied to the sandbox.
  ignorePatterns: [
    // Anchored at the root (gitignore patterns): a bare `reports` would also leave out the console's
    // features/nova/components/reports.
    // Other targets leave the web app out, all but its test config: stryker/vitest.config.ts names it, and its
    // bundler resolves the import even where it is not taken.
    ...(tests.web
      ? ['/apps/web/dist', '/apps/web/sourcemaps']
      : ['/apps/web/*', '!/apps/web/vitest.config.ts']),
    '/e2e',
    '/bench',
    '/docs',
    '/reports',
    '/.artifacts',
    'coverage',
    'test-results',
  ],
  tempDirName: `.stryker-tmp/${name}`,
  cleanTempDir: 'always',
};
