import { strykerTarget } from './base.mjs';

// Tokens and passwords: access and refresh tokens, the password rules, the login throttle (trips, then resets).
// Split from `accounts` so that each full run stays under 20 minutes; the same tests run for both.
export default strykerTarget({
  name: 'tokens',
  mutate: [
    'apps/server/src/modules/auth/tokens.ts',
    'apps/server/src/modules/auth/passwords.ts',
    'apps/server/src/modules/auth/login-throttle.ts',
  ],
  vitestConfig: 'stryker/vitest.accounts.config.ts',
});
