import { defineConfig } from 'vitest/config';

// Mutation target "realtime": the realtime package's own tests. The protocol fuzz runs one round
// (12,500 frames) per mutant instead of ten; the Redis adapter's tests skip without TEST_REDIS_URL.
// Left out: leak.test.ts (10,000 connect/subscribe/disconnect cycles in a child process, a resource check
// that covers nearly every mutant and would run for each one; the protocol rules have their own tests).
export default defineConfig({
  test: {
    root: 'packages/realtime',
    // A failing beforeAll fails its tests (Stryker would count them as not run): stryker/hook-failures-runner.mjs
    runner: '../../stryker/hook-failures-runner.mjs',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: ['test/leak.test.ts'],
    testTimeout: 30_000,
    env: { REALTIME_FUZZ_ROUNDS: '1' },
  },
});
