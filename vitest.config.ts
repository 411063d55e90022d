import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace; the server's API suite runs again on PostgreSQL when asked.
const server = { extends: './apps/server/vitest.config.ts', root: './apps/server' };

export default defineConfig({
  test: {
    // Vitest takes cores − 1 workers by default: one on the two-core CI machine. The API tests spend
    // much of their time waiting (database, sockets, timers), so two workers nearly halve the run.
    maxWorkers: 2,
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
