import { strykerTarget } from './base.mjs';

// Accounts and tokens: registration, verification, password reset, sign-in, sessions and refresh tokens,
// signed links, password rules, the login throttle.
export default strykerTarget({
  name: 'accounts',
  mutate: [
    'apps/server/src/modules/auth/tokens.ts',
    'apps/server/src/modules/auth/signed-links.ts',
    'apps/server/src/modules/auth/accounts.service.ts',
    'apps/server/src/modules/auth/sessions.service.ts',
    'apps/server/src/modules/auth/passwords.ts',
    'apps/server/src/modules/auth/login-throttle.ts',
    // Not mutated: auth.routes.ts (handlers that call the services above), client-info.ts (the device
    // label shown in the session list), accounts.jobs.ts (the job-table entry).
  ],
  vitestConfig: 'stryker/vitest.accounts.config.ts',
});
