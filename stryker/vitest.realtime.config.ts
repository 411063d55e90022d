import { defineConfig } from 'vitest/config';

// Mutation target "realtime": the realtime package's own tests. The protocol fuzz runs one round
// (12,500 frames) per mutant instead of ten; the Redis adapter's tests skip without TEST_REDIS_URL.
export default defineConfig({
  test: {
    root: 'packages/realtime',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    env: { REALTIME_FUZZ_ROUNDS: '1' },
  },
});
