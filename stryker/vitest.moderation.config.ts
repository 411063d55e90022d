import { defineConfig } from 'vitest/config';

// Mutation target "moderation": the console's sign-in and moderation tests.
export default defineConfig({
  test: {
    root: 'apps/server',
    include: [
      'src/modules/admin/staff.test.ts',
      'src/modules/admin/moderation.test.ts',
      'src/modules/admin/notice-links.test.ts',
      'src/modules/admin/report-receipts.test.ts',
    ],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
