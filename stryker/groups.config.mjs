import { strykerTarget } from './base.mjs';

// Groups: categories, joining and leaving, the watch level, posts and comments with their edit windows and
// deletion. Who may see, join, post and watch (policies/groups.ts), the feeds and what a group shows are the
// target `group-feeds`; both run the groups module's tests.
export default strykerTarget({
  name: 'groups',
  mutate: [
    'apps/server/src/modules/groups/groups.service.ts',
    // Not mutated: groups.routes.ts (handlers that hand over to the service, wired by every test),
    // groups.seed.ts (the starting categories: content, no rule), groups.member-data.ts (the export's part,
    // tested by the account target's export tests) and groups.reports.ts (the moderation target's).
  ],
  vitestConfig: 'stryker/vitest.groups.config.ts',
});
