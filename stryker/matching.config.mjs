import { strykerTarget } from './base.mjs';

// Matching: scoring, hard filters, "why you match" reasons, suggestion top-up.
export default strykerTarget({
  name: 'matching',
  mutate: [
    'apps/server/src/modules/matching/matching.service.ts',
    'apps/server/src/modules/matching/suggestions.service.ts',
    'apps/server/src/modules/matching/match-profile.ts',
    // Not mutated: matching.routes.ts (three one-line handlers, their wiring is covered by every test) and
    // demo-answers.ts (seed data for the demo script, no rule).
  ],
  vitestConfig: 'stryker/vitest.matching.config.ts',
});
