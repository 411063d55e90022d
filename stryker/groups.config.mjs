import { strykerTarget } from './base.mjs';

// Groups: who may see, join, post and watch (policies/groups.ts), the groups' rules and their feeds.
export default strykerTarget({
  name: 'groups',
  mutate: [
    'apps/server/src/policies/groups.ts',
    'apps/server/src/modules/groups/groups.service.ts',
    'apps/server/src/modules/groups/feeds.service.ts',
    'apps/server/src/modules/groups/groups.presenter.ts',
    // Not mutated: groups.routes.ts (handlers that hand over to the service, wired by every test),
    // groups.seed.ts (the starting categories: content, no rule), groups.member-data.ts (the export's part,
    // tested by the account target's export tests) and groups.reports.ts (the moderation target's).
  ],
  vitestConfig: 'stryker/vitest.groups.config.ts',
});
