import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGLITE_TEMPLATE_ENV, writePgliteTemplate } from './src/test/test-app.ts';

/** Once per run: the migrated, seeded PGlite every in-memory test app starts from (src/test/test-app.ts). */
export default async function setup(): Promise<() => void> {
  // Both halves of the PGlite pass (vitest.config.ts) run this setup in the same process: the first serves both.
  if (process.env[PGLITE_TEMPLATE_ENV]) return () => {};
  const file = path.join(tmpdir(), `trostnetz-pglite-template-${process.pid}.bin`);
  await writePgliteTemplate(file);
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return () => rmSync(file, { force: true });
}
