import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

// One vitest run covers every workspace; part of the server's API suite runs again on PostgreSQL when asked.
const server = { extends: './apps/server/vitest.config.ts', root: './apps/server' };

// The server's test files share their worker's modules (`isolate: false`): each file still starts its own app
// on its own database copy, but the server's modules, and PGlite's WebAssembly among them, are loaded once
// per worker instead of once per file. Measured on the two-core machine, the whole unit and API run with both
// passes: 632 s isolated, 545–576 s shared. A file that replaces a module (`vi.mock`) or spies on one (`vi.spyOn`) would change it for the
// files after it in that worker, so such files run isolated, found by reading them.
const MOCKS_MODULES = /\bvi\.(mock|doMock|hoisted|spyOn)\(|moderation\.test-support/;
const serverTests = readdirSync('apps/server/src', { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.test.ts'))
  .map((f) => path.join('src', f));
const isolated = serverTests.filter((f) =>
  MOCKS_MODULES.test(readFileSync(path.join('apps/server', f), 'utf8')),
);

/**
 * The server files the PostgreSQL pass runs again (decision 027). PGlite is PostgreSQL's own code, so SQL, types
 * and constraints behave alike on both; what only a server shows is kept here: several connections at once
 * (locks, SKIP LOCKED, races between requests), the node-postgres driver's types, migrations and backups on a
 * server, Redis beside it, and the heaviest queries (matching, deletion, export, the notice mail).
 */
const POSTGRES_PASS = [
  'src/migrations-upgrade.test.ts',
  'src/multi-node.test.ts',
  'src/lifecycle/',
  'src/modules/account/',
  'src/modules/auth/login-throttle.test.ts',
  'src/modules/backup/',
  'src/modules/chat/',
  'src/modules/groups/groups.test.ts',
  'src/modules/jobs/',
  'src/modules/matching/matching.test.ts',
  'src/modules/notifications/notifications.test.ts',
  'src/modules/partners/friendship.test.ts',
  'src/modules/payments/payments.test.ts',
  'src/modules/realtime/',
];
/** A file of the list, or a folder of it (ending in "/"): the test files in it. */
const inList = (list: string[]) => (file: string) =>
  list.some((p) => (p.endsWith('/') ? file.startsWith(p) : file === p));

/** One pass of the server's suite as two projects: the shared-module files and the isolated ones. */
function serverPass(name: string, test: Record<string, unknown>, only?: string[]) {
  const include = only ? only.map((p) => (p.endsWith('/') ? `${p}**/*.test.ts` : p)) : ['src/**/*.test.ts'];
  return [
    // (`include` is set here, not in apps/server/vitest.config.ts: vitest joins the lists of a project and the config it extends.)
    { ...server, test: { ...test, name, isolate: false, include, exclude: isolated } },
    {
      ...server,
      test: {
        ...test,
        name: `${name}-isolated`,
        include: only ? isolated.filter(inList(only)) : isolated,
      },
    },
  ];
}

export default defineConfig({
  test: {
    // Vitest takes cores − 1 workers by default: one on the two-core CI machine. The API tests spend
    // much of their time waiting (database, sockets, timers), so two workers nearly halve the run.
    maxWorkers: 2,
    // Workers run Node with V8's baseline WebAssembly compiler only, as `npm start` does (decision 015): every
    // PGlite test file opens a fresh embedded database, and the optimising compiler's background work on its
    // 8 MB of WebAssembly cost more CPU than it saved (about 14 % of the PGlite pass's CPU time, measured).
    // Vitest reads pool options from this root config only; nothing else in the run uses WebAssembly.
    poolOptions: { forks: { execArgv: ['--liftoff-only'] } },
    projects: [
      'packages/contracts',
      'packages/realtime',
      'apps/web',
      // Each pass copies one migrated, seeded database made once per run (src/test/test-app.ts).
      ...serverPass('server', { globalSetup: ['./vitest.global-setup.ts'] }),
      ...(process.env.TEST_DATABASE_URL
        ? serverPass(
            'server-postgres',
            { env: { TEST_DB: 'postgres' }, globalSetup: ['./vitest.postgres-setup.ts'] },
            POSTGRES_PASS,
          )
        : []),
    ],
  },
});
