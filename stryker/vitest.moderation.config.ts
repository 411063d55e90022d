import { defineConfig } from 'vitest/config';

// Mutation target "moderation": the moderation tests (the console's sign-in is the `staff` target).
export default defineConfig({
  test: {
    root: 'apps/server',
    // A failing beforeAll fails its tests (Stryker would count them as not run): stryker/hook-failures-runner.mjs
    runner: '../../stryker/hook-failures-runner.mjs',
    // Every test app starts from one migrated, seeded PGlite made once per run (src/test/test-app.ts):
    // about four seconds less per test file and mutant.
    globalSetup: ['./vitest.global-setup.ts'],
    include: [
      'src/modules/admin/moderation-rules.test.ts',
      'src/modules/admin/moderation.test.ts',
      'src/modules/admin/notice-links.test.ts',
      'src/modules/admin/report-receipts.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
