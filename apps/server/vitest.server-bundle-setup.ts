import { rmSync } from 'node:fs';
import path from 'node:path';
// @ts-expect-error build.mjs is plain JavaScript without declarations
import { buildServer } from './build.mjs';
import {
  freshDataDir,
  SERVER_BUNDLE_ENV,
  SERVER_DATA_TEMPLATE_ENV,
  spawnServer,
} from './src/test/spawn-server.ts';

/**
 * Once per run, for the tests that start the server as a process (src/test/spawn-server.ts): the server
 * bundled as `npm start` runs it (under apps/server, so it finds drizzle/ and node_modules as dist/ does),
 * and a data directory it has started once, so each spawned server skips the first start's migrations.
 */
export default async function setup(): Promise<() => void> {
  // Both projects (PGlite, PostgreSQL) run this setup in the same process: the first one serves both.
  if (process.env[SERVER_BUNDLE_ENV]) return () => {};
  const outdir = path.join(import.meta.dirname, 'node_modules/.cache', `test-server-${process.pid}`);
  await buildServer(outdir);
  process.env[SERVER_BUNDLE_ENV] = path.join(outdir, 'server.js');
  const template = freshDataDir('trostnetz-template-');
  await (await spawnServer({ DATA_DIR: template })).stop();
  process.env[SERVER_DATA_TEMPLATE_ENV] = template;
  return () => {
    rmSync(outdir, { recursive: true, force: true });
    rmSync(template, { recursive: true, force: true });
  };
}
