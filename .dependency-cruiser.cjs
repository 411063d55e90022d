// Import boundaries (CONVENTIONS.md habit 13), checked by `npm run lint:boundaries` (scripts/check-boundaries.mjs)
// as a step of `npm test`. Why each rule exists: docs/decisions/010-enforced-boundaries.md. Import cycles are
// checked by .dependency-cruiser-cycles.cjs, on the imports that remain at run time.
const notProduction = [
  '\\.test\\.tsx?$',
  '\\.test-support\\.ts$',
  '^apps/server/src/test/',
  '^apps/web/src/test/',
  '^apps/[^/]+/vitest\\.',
  '^packages/[^/]+/test/',
  '^e2e/',
  '^bench/',
];

module.exports = {
  forbidden: [
    {
      name: 'web-feature-to-feature',
      comment:
        'A web feature never imports another feature: what two features share lives in domain/ (or lib/, components/).',
      severity: 'error',
      from: { path: '^apps/web/src/features/([^/]+)/' },
      to: { path: '^apps/web/src/features/', pathNot: '^apps/web/src/features/$1/' },
    },
    {
      name: 'web-domain-to-features-or-app',
      comment: 'domain/ is shared by the features, below them: it never imports a feature or app/.',
      severity: 'error',
      from: { path: '^apps/web/src/domain/' },
      to: { path: '^apps/web/src/(features|app)/' },
    },
    {
      name: 'web-lib-or-components-upwards',
      comment: 'lib/ and components/ are the bottom layer: they never import domain/, a feature or app/.',
      severity: 'error',
      from: { path: '^apps/web/src/(lib|components)/' },
      to: { path: '^apps/web/src/(domain|features|app)/' },
    },
    {
      name: 'web-to-server-or-realtime',
      comment:
        'The web app shares only packages/contracts with the server; it never imports server code or the realtime server.',
      severity: 'error',
      from: { path: '^apps/web/' },
      to: { path: '^(apps/server|packages/realtime|e2e|bench)/' },
    },
    {
      name: 'server-to-web',
      comment: 'The server never imports web code (nor the journeys or benchmarks).',
      severity: 'error',
      from: { path: '^apps/server/' },
      to: { path: '^(apps/web|e2e|bench)/' },
    },
    {
      name: 'server-routes-from-app-only',
      comment:
        "Modules use each other's services, data, presenters and jobs, never each other's HTTP layer: a module's routes (*.routes.ts, *.plugin.ts) are registered by app.ts alone.",
      severity: 'error',
      from: { path: '^apps/server/src/', pathNot: '^apps/server/src/(app\\.ts$|modules/)' },
      to: { path: '^apps/server/src/modules/[^/]+/[^/]+\\.(routes|plugin)\\.ts$' },
    },
    {
      name: 'server-routes-within-their-module',
      comment:
        "A module may split its routes over several files that its own routes file registers (modules/admin); another module's routes stay out of reach.",
      severity: 'error',
      from: { path: '^apps/server/src/modules/([^/]+)/' },
      to: {
        path: '^apps/server/src/modules/[^/]+/[^/]+\\.(routes|plugin)\\.ts$',
        pathNot: '^apps/server/src/modules/$1/',
      },
    },
    {
      name: 'server-lib-and-db-below-modules',
      comment: 'lib/ and db/ serve every module: they never import a module, a plugin or the app.',
      severity: 'error',
      from: { path: '^apps/server/src/(lib|db)/' },
      to: { path: '^apps/server/src/(modules|plugins|app\\.ts|server\\.ts)' },
    },
    {
      name: 'realtime-without-app-knowledge',
      comment:
        'packages/realtime is a Pusher-protocol server with no app knowledge: nothing of the apps or the contracts.',
      severity: 'error',
      from: { path: '^packages/realtime/' },
      to: { path: '^(apps|packages/contracts|e2e|bench)/' },
    },
    {
      name: 'contracts-import-nothing-of-ours',
      comment:
        'packages/contracts is shared by server and web app: it imports nothing of the apps or the realtime server.',
      severity: 'error',
      from: { path: '^packages/contracts/' },
      to: { path: '^(apps|packages/realtime|e2e|bench)/' },
    },
    {
      name: 'e2e-black-box',
      comment:
        'Journeys drive the built app through the browser and HTTP: no app or realtime server code (contracts are fine).',
      severity: 'error',
      from: { path: '^e2e/' },
      to: { path: '^(apps|packages/realtime|bench)/' },
    },
    {
      name: 'no-test-code-in-production',
      comment: 'Code that ships never imports a test or a test helper.',
      severity: 'error',
      from: { pathNot: notProduction },
      to: { path: notProduction },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // Type-only imports count for the boundaries: a type from another feature couples them as well.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    skipAnalysisNotInRules: true,
  },
};
