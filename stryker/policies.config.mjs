import { strykerTarget } from './base.mjs';

// The policies: who may see or do what (members, conversations, premium, permissions, roles, profile).
export default strykerTarget({
  name: 'policies',
  mutate: [
    'apps/server/src/policies/*.ts',
    '!apps/server/src/policies/*.test.ts',
    // The groups' rules are decided by the groups' own tests: mutated in the target "groups".
    '!apps/server/src/policies/groups.ts',
  ],
  vitestConfig: 'stryker/vitest.policies.config.ts',
});
