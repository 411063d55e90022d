// Import cycles, anywhere (server, web app, packages, journeys, benchmarks), on the imports that remain at
// run time: `import type` is erased (verbatimModuleSyntax) and cannot order module loading. The one
// type-level cycle we keep is the server's AppContext, which holds the job queue whose `send` is typed
// by the jobs that receive the context. See docs/decisions/010-enforced-boundaries.md.
const { options } = require('./.dependency-cruiser.cjs');

module.exports = {
  forbidden: [
    {
      name: 'no-import-cycle',
      comment:
        'Modules that import each other (directly or round a ring) cannot be understood, tested or moved alone.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: { ...options, tsPreCompilationDeps: false },
};
