import { defineConfig } from 'vitest/config';

// Mutation target "matching": the matching module's own tests only; the property test builds one random
// community per mutant (npm test: three), the 10,000-member property test one (npm test: two).
export default defineConfig({
  test: {
    root: 'apps/server',
    include: ['src/modules/matching/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    env: { MATCHING_PROPERTY_COMMUNITIES: '1', MATCHING_SCALE_RUNS: '1' },
  },
});
