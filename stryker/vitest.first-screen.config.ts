import { webTarget } from './vitest.web-target.ts';

// Mutation target "first-screen": the tests of the first screen's data and the live refetch.
export default webTarget([
  'src/app/app.test.tsx',
  'src/app/deep-links.test.tsx',
  'src/features/chat/api/get-unread.test.tsx',
  'src/lib/query-client.test.ts',
  'src/lib/cookies.test.ts',
  'src/lib/attribution.test.ts',
]);
