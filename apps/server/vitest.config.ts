import { defineProject } from 'vitest/config';

// API tests run on PGlite always; the same files run again on PostgreSQL when TEST_DATABASE_URL is set.
export default defineProject({
  test: {
    name: process.env.TEST_DB === 'postgres' ? 'server-postgres' : 'server',
    include: ['src/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
