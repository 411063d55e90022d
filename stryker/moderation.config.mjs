import { strykerTarget } from './base.mjs';

// Moderation and the console's sign-in (issue 16): who decides what, appeals by another moderator,
// statements of reasons, suspensions, TOTP and its replay rule.
export default strykerTarget({
  name: 'moderation',
  mutate: [
    'apps/server/src/modules/admin/moderation.service.ts',
    'apps/server/src/modules/admin/staff.service.ts',
  ],
  vitestConfig: 'stryker/vitest.moderation.config.ts',
});
