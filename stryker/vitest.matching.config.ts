import { defineConfig } from 'vitest/config';

// Mutation target "matching": the matching module's own tests only.
export default defineConfig({
  test: {
    root: 'apps/server',
    include: ['src/modules/matching/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
