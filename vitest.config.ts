import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace; the server's API suite runs again on PostgreSQL when asked.
const server = { extends: './apps/server/vitest.config.ts', root: './apps/server' };

export default defineConfig({
  test: {
    // Vitest takes cores − 1 workers by default: one on the two-core CI machine. The API tests spend
    // much of their time waiting (database, sockets, timers), so two workers nearly halve the run.
    maxWorkers: 2,
    // Workers run Node with V8's baseline WebAssembly compiler only, as `npm start` does (decision 015): every
    // PGlite test file opens a fresh embedded database, and the optimising compiler's background work on its
    // 8 MB of WebAssembly cost more CPU than it saved (about 14 % of the PGlite pass's CPU time, measured).
    // Vitest reads pool options from this root config only; nothing else in the run uses WebAssembly.
    poolOptions: { forks: { execArgv: ['--liftoff-only'] } },
    projects: [
      'packages/contracts',
      'packages/realtime',
      'apps/web',
      // Each pass copies one migrated, seeded database made once per run (src/test/test-app.ts).
      { ...server, test: { name: 'server', globalSetup: ['./vitest.global-setup.ts'] } },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              ...server,
              test: {
                name: 'server-postgres',
                env: { TEST_DB: 'postgres' },
                globalSetup: ['./vitest.postgres-setup.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
