import { defineConfig } from 'vitest/config';

// Mutation target "accounts": the auth module's own tests only.
export default defineConfig({
  test: {
    root: 'apps/server',
    include: ['src/modules/auth/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
