import { defineConfig } from 'vitest/config';

// Mutation target "staff": the console's sign-in tests.
export default defineConfig({
  test: {
    root: 'apps/server',
    // A failing beforeAll fails its tests (Stryker would count them as not run): stryker/hook-failures-runner.mjs
    runner: '../../stryker/hook-failures-runner.mjs',
    // Every test app starts from one migrated, seeded PGlite made once per run (src/test/test-app.ts).
    globalSetup: ['./vitest.global-setup.ts'],
    include: ['src/modules/admin/staff*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
