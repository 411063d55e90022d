import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { migrationsDir } from '../lib/paths.ts';

/**
 * A migrations folder holding the project's migrations before the one `is` names (and their journal
 * entries): a database migrated with it holds data as it was before that migration ran.
 */
export function migrationsBefore(is: (tag: string) => boolean): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'trostnetz-migrations-'));
  mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  const at = journal.entries.findIndex((e) => is(e.tag));
  if (at < 0) throw new Error('no such migration');
  const entries = journal.entries.slice(0, at);
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const e of entries)
    copyFileSync(path.join(migrationsDir, `${e.tag}.sql`), path.join(dir, `${e.tag}.sql`));
  return dir;
}
