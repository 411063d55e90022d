import { defineConfig } from 'vitest/config';

// Mutation target "policies": the policies' own tests only.
export default defineConfig({
  test: {
    root: 'apps/server',
    include: ['src/policies/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
