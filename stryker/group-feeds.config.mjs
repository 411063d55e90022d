import { strykerTarget } from './base.mjs';

// Who may see, join, post and watch (policies/groups.ts), the group feeds and what a group, post and comment
// show to whom (the presenter). Split from `groups` so that each full run stays under 20 minutes.
export default strykerTarget({
  name: 'group-feeds',
  mutate: [
    'apps/server/src/policies/groups.ts',
    'apps/server/src/modules/groups/feeds.service.ts',
    'apps/server/src/modules/groups/groups.presenter.ts',
  ],
  vitestConfig: 'stryker/vitest.groups.config.ts',
});
