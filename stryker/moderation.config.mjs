import { strykerTarget } from './base.mjs';

// Moderation (issue 16), the queue: one entry per item with its reasons, the item's detail and context,
// taking an item, suspensions and their end. Deciding and appealing are the `decisions` target (the same
// file's second half: the whole file was well over 20 minutes per run). The console's sign-in is `staff`.
export default strykerTarget({
  name: 'moderation',
  mutate: ['apps/server/src/modules/admin/moderation.service.ts:1-309'],
  vitestConfig: 'stryker/vitest.moderation.config.ts',
});
