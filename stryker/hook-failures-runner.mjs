// Plain JavaScript: a .ts file here would make vite read the root tsconfig.json, whose apps/web
// reference is not copied into Stryker's sandbox.
import { VitestTestRunner } from 'vitest/runners';

/**
 * The vitest runner of every mutation target. When a suite's hook fails (a mutant that breaks the test
 * app's start fails `beforeAll`), vitest marks the suite's tests skipped and the suite failed; the
 * Stryker vitest runner (9.6.1) counts skipped tests as neither passed nor failed, so such a mutant
 * "survived" with no test run. Here the suite's error becomes each of its skipped tests' failure, as
 * `npm test` reports it: the mutant is killed.
 */
export default class HookFailuresRunner extends VitestTestRunner {
  /** @param {import('vitest').Suite} suite */
  async onAfterRunSuite(suite) {
    await super.onAfterRunSuite(suite);
    const errors = suite.result?.state === 'fail' ? suite.result.errors : undefined;
    if (!errors?.length) return;
    const failed = testsOf(suite).filter((t) => t.result?.state === 'skip');
    for (const test of failed) Object.assign(test.result, { state: 'fail', errors });
    // The results already queued for the main process are these same objects; this sends them at once.
    if (failed.length)
      await this.onTaskUpdate?.(
        failed.map((t) => [t.id, t.result, t.meta]),
        [],
      );
  }
}

/** @param {import('vitest').RunnerTask} task @returns {import('vitest').RunnerTestCase[]} */
const testsOf = (task) =>
  task.type === 'test' ? [task] : task.type === 'suite' ? task.tasks.flatMap(testsOf) : [];
