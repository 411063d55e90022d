import { strykerTarget } from './base.mjs';

// The console's sign-in (issue 16): staff roles, TOTP enrolment and its replay rule, staff sessions.
// Its own target beside `moderation`: together they took well over 20 minutes per run.
export default strykerTarget({
  name: 'staff',
  mutate: ['apps/server/src/modules/admin/staff.service.ts'],
  vitestConfig: 'stryker/vitest.staff.config.ts',
});
