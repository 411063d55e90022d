import { defineConfig } from 'vitest/config';
import web from '../apps/web/vitest.config.ts';

// Mutation target "first-screen": the tests of the first screen's data and the live refetch, on the web suite's
// runtime (Preact, jsdom). Spread, not merged (see vitest.router.config.ts).
export default defineConfig({
  ...web,
  root: 'apps/web',
  test: {
    ...web.test,
    runner: '../../stryker/hook-failures-runner.mjs',
    include: [
      'src/app/app.test.tsx',
      'src/features/chat/api/get-unread.test.tsx',
      'src/lib/query-client.test.ts',
      'src/lib/cookies.test.ts',
      'src/lib/attribution.test.ts',
    ],
  },
});
