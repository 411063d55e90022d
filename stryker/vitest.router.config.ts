import { webTarget } from './vitest.web-target.ts';

// Mutation target "router": the web app's router tests.
export default webTarget(['src/lib/router.test.tsx']);
