import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: 'apps/server',
    runner: '../../stryker/hook-failures-runner.mjs',
    globalSetup: ['./vitest.global-setup.ts'],
    include: ['src/modules/payments/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
