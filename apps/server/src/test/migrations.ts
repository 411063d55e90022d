import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
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

/**
 * What a migration does to data it finds: a fresh database migrated up to just before the migration `is`
 * names, `seed` (SQL) run on it, then every later migration; answers the rows `query` reads afterwards.
 */
export async function acrossMigration<T>(
  is: (tag: string) => boolean,
  seed: string,
  query: string,
): Promise<T[]> {
  const before = migrationsBefore(is);
  const client = new PGlite();
  try {
    const db = drizzle(client);
    await migrate(db, { migrationsFolder: before });
    await client.exec(seed);
    await migrate(db, { migrationsFolder: migrationsDir });
    return (await client.query<T>(query)).rows;
  } finally {
    await client.close();
    rmSync(before, { recursive: true, force: true });
  }
}
