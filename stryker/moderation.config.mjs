import { strykerTarget } from './base.mjs';

// Moderation (issue 16): who decides what, appeals by another moderator, statements of reasons,
// suspensions. The console's sign-in (TOTP and its replay rule) is the `staff` target.
export default strykerTarget({
  name: 'moderation',
  mutate: ['apps/server/src/modules/admin/moderation.service.ts'],
  vitestConfig: 'stryker/vitest.moderation.config.ts',
});
