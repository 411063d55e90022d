import { defineConfig } from 'vitest/config';
import web from '../apps/web/vitest.config.ts';

/**
 * A web app mutation target's vitest config: the named test files only, on the web suite's runtime (Preact,
 * jsdom). Spread, not merged: vitest's mergeConfig would add this `include` to the web suite's instead of
 * replacing it.
 */
export const webTarget = (include: string[]) =>
  defineConfig({
    ...web,
    root: 'apps/web',
    test: {
      ...web.test,
      // A failing beforeAll fails its tests (Stryker would count them as not run): stryker/hook-failures-runner.mjs
      runner: '../../stryker/hook-failures-runner.mjs',
      include,
    },
  });
