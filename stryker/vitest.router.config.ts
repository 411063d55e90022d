import { defineConfig, mergeConfig } from 'vitest/config';
import web from '../apps/web/vitest.config.ts';

// Mutation target "router": the web app's router tests, on the web suite's runtime (Preact, jsdom).
export default mergeConfig(
  web,
  defineConfig({
    root: 'apps/web',
    test: {
      // A failing beforeAll fails its tests (Stryker would count them as not run): stryker/hook-failures-runner.mjs
      runner: '../../stryker/hook-failures-runner.mjs',
      include: ['src/lib/router.test.tsx'],
    },
  }),
);
