import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { E2E_ADMIN_PASSWORD, E2E_ADMINS } from './support/admins.ts';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const artifacts = path.join(here, '.artifacts');

// Workers inherit the runner's environment, so the fresh data folder is chosen once per run.
process.env.E2E_DATA_DIR ??= path.join(artifacts, `data-${Date.now()}`);
mkdirSync(process.env.E2E_DATA_DIR, { recursive: true });

const external = Boolean(process.env.E2E_BASE_URL);
// A port per run (kept for the workers through the environment), so parallel runs never collide.
process.env.E2E_PORT ??= String(3100 + Math.floor(Math.random() * 800));
const port = Number(process.env.E2E_PORT);
const baseURL = process.env.E2E_BASE_URL ?? `http://127.0.0.1:${port}`;

export default defineConfig({
  testDir: path.join(here, 'tests'),
  outputDir: path.join(artifacts, 'test-results'),
  fullyParallel: false,
  // Two workers: spec files run side by side (each journey makes its own members).
  workers: 2,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: path.join(artifacts, 'results.json') }]],
  use: {
    baseURL,
    // A trace records the page all along (about a fifth of the journeys' CPU time, measured). CI prints the
    // failure and its call log, and nobody opens a trace there, so `.ci/run` switches it off (E2E_TRACE=off).
    trace: process.env.E2E_TRACE === 'off' ? 'off' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
      ],
    },
  },
  projects: [
    { name: 'mobile-375', use: { ...devices['Desktop Chrome'], viewport: { width: 375, height: 812 } } },
    { name: 'desktop-1280', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 900 } } },
  ],
  webServer: external
    ? undefined
    : {
        // Two super admins (one per language journey, so their TOTP codes never collide), made before the
        // server opens the data folder: `user:create --admin` is how an installation gets its first admin.
        // The app's warnings and errors go to a file that outlives the run (a crash mid-run leaves its cause there).
        command: [
          ...E2E_ADMINS.map(
            (a) =>
              `node --import tsx apps/server/src/cli/user-create.ts --email ${a.email} --password '${E2E_ADMIN_PASSWORD}' --nickname ${a.nickname} --admin`,
          ),
          `node apps/server/dist/server.js >> ${JSON.stringify(path.join(artifacts, 'server.log'))} 2>&1`,
        ].join(' && '),
        cwd: root,
        url: `${baseURL}/api/config`,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'pipe',
        stderr: 'pipe',
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: process.env.E2E_DATA_DIR,
          NODE_ENV: 'production',
          // No Stripe key here: the built-in test provider, allowed in production in so many words.
          PAYMENTS_TEST_PROVIDER: 'true',
          LOG_LEVEL: 'warn',
          // Every journey registers from the same address; the limits themselves are covered by API tests.
          RATE_LIMIT_FACTOR: '20',
          // Statistics go to a path of the app's own origin, where the journeys catch them (SPEC.md §7).
          ANALYTICS_URL: `${baseURL}/e2e-stats/`,
          // A chat mail after 1 s instead of 15 minutes, so the notifications journey sees it arrive.
          CHAT_MAIL_DELAY_SECONDS: '1',
        },
      },
});
