import { strykerTarget } from './base.mjs';

// The web app's router (decision 022): which route a path opens, navigations that wait for their loader and
// screen, redirects, the latest navigation winning, the error screen, links, NavLink's rule, the query string.
// Its own tests only (src/lib/router.test.tsx); the app's routing tests run in npm test.
export default strykerTarget({
  name: 'router',
  mutate: ['apps/web/src/lib/router.tsx'],
  vitestConfig: 'stryker/vitest.router.config.ts',
  webApp: true,
});
