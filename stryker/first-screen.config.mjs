import { strykerTarget } from './base.mjs';

// The web app's first screen and live data (issue 13): the guard loader's prefetch and texts, the home screen's
// prefetch, the unread counts that never re-render the frame, everything refetched one per task once live, cookies
// read once per task; and where an ended session sends the member (issue 9 item 16, a guests' screen stays).
export default strykerTarget({
  name: 'first-screen',
  mutate: [
    'apps/web/src/app/app.tsx:19-36',
    'apps/web/src/app/guard-loader.ts:75-94',
    'apps/web/src/features/dashboard/api/prefetch.ts',
    // What runs per call: not the module-level query definitions and client (README, Stryker's static mutants).
    'apps/web/src/features/chat/api/get-unread.ts:1-34',
    'apps/web/src/lib/query-client.ts:17-46',
    'apps/web/src/lib/cookies.ts:33-62',
  ],
  vitestConfig: 'stryker/vitest.first-screen.config.ts',
  webApp: true,
});
