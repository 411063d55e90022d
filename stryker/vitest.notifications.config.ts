import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    root: 'apps/server',
    runner: '../../stryker/hook-failures-runner.mjs',
    globalSetup: ['./vitest.global-setup.ts'],
    // The chat's send stores its notification through the notifier's statement (occasionAfter): its test runs too.
    include: ['src/modules/notifications/**/*.test.ts', 'src/modules/chat/chat.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
