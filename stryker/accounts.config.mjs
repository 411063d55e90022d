import { strykerTarget } from './base.mjs';

// Accounts: registration, verification, password reset, sign-in, sessions and refresh tokens, signed links.
// Tokens, password rules and the login throttle are the target `tokens`; both run the auth module's tests.
export default strykerTarget({
  name: 'accounts',
  mutate: [
    'apps/server/src/modules/auth/accounts.service.ts',
    'apps/server/src/modules/auth/sessions.service.ts',
    'apps/server/src/modules/auth/signed-links.ts',
    // Not mutated: auth.routes.ts (handlers that call the services above), client-info.ts (the device
    // label shown in the session list), accounts.jobs.ts (the job-table entry).
  ],
  vitestConfig: 'stryker/vitest.accounts.config.ts',
});
