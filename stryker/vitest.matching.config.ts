import { defineConfig } from 'vitest/config';

// Mutation target "matching": the matching module's own tests only; the property test builds one random
// community per mutant (npm test: three), the scale property test one of 1,000 members (npm test: two of 10,000).
export default defineConfig({
  test: {
    root: 'apps/server',
    // A failing beforeAll fails its tests (Stryker would count them as not run): stryker/hook-failures-runner.mjs
    runner: '../../stryker/hook-failures-runner.mjs',
    // Every test app starts from one migrated, seeded PGlite made once per run (src/test/test-app.ts):
    // about four seconds less per test file and mutant.
    globalSetup: ['./vitest.global-setup.ts'],
    include: ['src/modules/matching/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { MATCHING_PROPERTY_COMMUNITIES: '1', MATCHING_SCALE_RUNS: '1', MATCHING_SCALE_MEMBERS: '1000' },
  },
});
