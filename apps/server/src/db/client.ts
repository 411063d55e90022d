import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '../lib/paths.ts';

/** Both drivers expose the same query builder; PGlite's type stands for both (PostgreSQL dialect only). */
export type Db = ReturnType<typeof drizzlePglite>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** databaseUrl null → PGlite in dataDir/pglite; 'memory://' → in-memory PGlite; else PostgreSQL. */
export function openDatabase(databaseUrl: string | null, dataDir: string): Database {
  if (databaseUrl && databaseUrl !== 'memory://') {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    pool.on('error', () => {}); // idle-client errors surface on the next query; /ready reports them
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: migrationsDir }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (databaseUrl === 'memory://') client = new PGlite();
  else {
    const dir = path.join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  const db = drizzlePglite(client);
  return {
    db,
    kind: 'pglite',
    migrate: () => migratePglite(db, { migrationsFolder: migrationsDir }),
    ping: async () => {
      await client.query('select 1');
    },
    close: () => client.close(),
  };
}
