import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { migrationsDir } from '../lib/paths.ts';
import { changesMembers, createMemberWrites, type MemberWrites, watchQueries } from './member-writes.ts';

/** Both drivers expose the same query builder; PGlite's type stands for both (PostgreSQL dialect only). */
export type Db = ReturnType<typeof drizzlePglite>;

export interface SqlResult {
  rows: Record<string, unknown>[];
}

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Raw SQL that a library brings along (pg-boss): parameters when given, else a script of statements. */
  executeSql(text: string, values?: unknown[]): Promise<SqlResult>;
  /**
   * One statement with parameters, as a named prepared statement on PostgreSQL: each pooled connection
   * parses and plans it once (db/prepared.ts). PGlite runs it as it is.
   */
  executePrepared(name: string, text: string, values: unknown[]): Promise<SqlResult>;
  migrate(): Promise<void>;
  ping(): Promise<void>;
  /** Told after every committed change to a member's row, roles or a session's end (the session cache). */
  memberWrites: MemberWrites;
  /** PGlite only: the whole data directory as one file, which `openDatabase` can start from again. */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

/**
 * databaseUrl null → PGlite in dataDir/pglite; 'memory://' → in-memory PGlite (from `loadDataDir` when given,
 * a dump made by `dumpDataDir`); else PostgreSQL.
 */
export function openDatabase(
  databaseUrl: string | null,
  dataDir: string,
  opts: { loadDataDir?: Blob } = {},
): Database {
  if (databaseUrl && databaseUrl !== 'memory://') {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    pool.on('error', () => {}); // idle-client errors surface on the next query; /ready reports them
    const memberWrites = createMemberWrites();
    pool.on('connect', (client) =>
      watchQueries(client as unknown as Record<string, unknown>, ['query'], memberWrites.connectionState()),
    );
    const db = drizzlePg(pool) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      memberWrites,
      async executeSql(text, values) {
        if (values?.length) return pool.query(text, values);
        const client = await pool.connect();
        try {
          const result = (await client.query(text)) as unknown as SqlResult | SqlResult[];
          client.release();
          return Array.isArray(result) ? (result.at(-1) ?? { rows: [] }) : result;
        } catch (err) {
          client.release(true); // a failed BEGIN … COMMIT script must not hand an aborted transaction to the pool
          throw err;
        }
      },
      executePrepared: (name, text, values) => pool.query({ name, text, values }),
      migrate: () => migratePg(drizzlePg(pool), { migrationsFolder: migrationsDir }),
      ping: async () => {
        await pool.query('select 1');
      },
      close: () => pool.end(),
    };
  }
  let client: PGlite;
  if (databaseUrl === 'memory://')
    client = new PGlite(opts.loadDataDir ? { loadDataDir: opts.loadDataDir } : undefined);
  else {
    const dir = path.join(dataDir, 'pglite');
    mkdirSync(dir, { recursive: true });
    client = new PGlite(dir);
  }
  // One connection: one state. A transaction's statements count once it has committed.
  const memberWrites = createMemberWrites();
  watchQueries(
    client as unknown as Record<string, unknown>,
    ['query', 'exec'],
    memberWrites.connectionState(),
  );
  const transaction = client.transaction.bind(client);
  client.transaction = ((fn: (tx: unknown) => Promise<unknown>) => {
    let dirty = false;
    return transaction(async (tx) => {
      const watched = Object.create(tx) as Record<string, unknown>;
      for (const name of ['query', 'exec', 'sql'] as const) {
        const original = (tx[name] as (...args: unknown[]) => unknown).bind(tx);
        watched[name] = (...args: unknown[]) => {
          const text =
            typeof args[0] === 'string' ? args[0] : Array.isArray(args[0]) ? args[0].join('?') : '';
          if (changesMembers(text)) dirty = true;
          return original(...args);
        };
      }
      return fn(watched);
    }).then((result) => {
      if (dirty) memberWrites.changed();
      return result;
    });
  }) as typeof client.transaction;
  const db = drizzlePglite(client);
  return {
    db,
    kind: 'pglite',
    memberWrites,
    async executeSql(text, values) {
      if (values?.length) return client.query(text, values);
      // One connection for everything: a BEGIN … COMMIT script runs as a PGlite transaction, so a
      // failure rolls back and no other query interleaves (PGlite's query() takes one statement only).
      const script = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/.exec(text)?.[1];
      const results =
        script === undefined ? await client.exec(text) : await client.transaction((tx) => tx.exec(script));
      return results.at(-1) ?? { rows: [] };
    },
    executePrepared: (_name, text, values) => client.query(text, values),
    migrate: () => migratePglite(db, { migrationsFolder: migrationsDir }),
    ping: async () => {
      await client.query('select 1');
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    close: () => client.close(),
  };
}
