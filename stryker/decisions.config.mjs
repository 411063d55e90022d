import { strykerTarget } from './base.mjs';

// Moderation decisions (issue 16): deciding a report, the statement of reasons (DSA Art. 17), the notices
// a member reads, appeals within six months decided by another moderator (DSA Art. 20), what a reporter
// learns. The queue is the `moderation` target (the same file's first half).
export default strykerTarget({
  name: 'decisions',
  mutate: ['apps/server/src/modules/admin/moderation.service.ts:310-610'],
  vitestConfig: 'stryker/vitest.moderation.config.ts',
});
