import { defineConfig, type UserConfig } from 'vitest/config';
// @ts-expect-error targets.mjs is plain JavaScript (Stryker reads it too) without declarations
import { targetFromEnv } from './targets.mjs';

// The tests of the mutation target MUTATION_TARGET names (stryker/targets.mjs), and only those.
const { tests } = targetFromEnv();
// A failing beforeAll fails its tests (Stryker would count them as not run): stryker/hook-failures-runner.mjs
const runner = '../../stryker/hook-failures-runner.mjs';

// The web suite's config only for a web target: the server's and packages' targets run none of its tests
// (their sandbox keeps only this config of apps/web, stryker.config.mjs).
const web: UserConfig | undefined = tests.web
  ? (await import('../apps/web/vitest.config.ts')).default
  : undefined;

export default web
  ? // The web suite's own settings (jsdom, its setup). Spread, not merged: vitest's mergeConfig would add this
    // `include` to the web suite's instead of replacing it.
    defineConfig({ ...web, root: tests.root, test: { ...web.test, runner, include: tests.include } })
  : defineConfig({
      test: {
        root: tests.root,
        runner,
        include: tests.include,
        exclude: tests.exclude,
        env: tests.env,
        testTimeout: 30_000,
        // The server's test apps start from one migrated, seeded PGlite made once per run (src/test/test-app.ts):
        // about four seconds less per test file and mutant.
        ...(tests.root === 'apps/server'
          ? { globalSetup: ['./vitest.global-setup.ts'], hookTimeout: 60_000 }
          : {}),
      },
    });
