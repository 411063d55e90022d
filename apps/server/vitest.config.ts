import { defineProject } from 'vitest/config';

// API tests run on PGlite always; the same files run again on PostgreSQL when TEST_DATABASE_URL is set.
export default defineProject({
  test: {
    name: process.env.TEST_DB === 'postgres' ? 'server-postgres' : 'server',
    // The server bundle for the tests that start it as a process (src/test/spawn-server.ts). The root config
    // adds each pass's database template (vitest.global-setup.ts, vitest.postgres-setup.ts).
    globalSetup: ['./vitest.server-bundle-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
