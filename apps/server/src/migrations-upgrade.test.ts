import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrationsDir } from './lib/paths.ts';
import { hashPassword } from './modules/auth/passwords.ts';

/** A migrations folder holding only the project's first migration (and its journal entry). */
function firstMigrationOnly(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'trostnetz-migrations-'));
  mkdirSync(path.join(dir, 'meta'));
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8')) as {
    entries: Array<{ tag: string }>;
  };
  const first = journal.entries[0]!;
  writeFileSync(path.join(dir, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: [first] }));
  copyFileSync(path.join(migrationsDir, `${first.tag}.sql`), path.join(dir, `${first.tag}.sql`));
  return dir;
}

const password = 'Lindenblüte am Fluss 7';

/** Data as the first version of the schema held it: a verified member with a password and a session. */
async function fill(exec: (sql: string) => Promise<unknown>) {
  const hash = (await hashPassword(password)).replaceAll("'", "''");
  await exec(
    `insert into users (email, password_hash, nickname, about, is_verified, email_verified_at, terms_accepted_at)
     values ('early@example.org', '${hash}', 'Frühe Stunde', 'Seit dem Anfang dabei', true, now(), now())`,
  );
  await exec(`insert into sessions (user_id, user_agent) select id, 'first browser' from users`);
}

describe("issue 19: a database at the project's first migration, with data, upgrades on start", () => {
  it('every later migration runs at start and the early member signs in with their password', async () => {
    const migrations = firstMigrationOnly();
    const dataDir = mkdtempSync(path.join(tmpdir(), 'trostnetz-upgrade-'));
    const base = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      JWT_SECRET: 'test-jwt-secret-0123456789-0123456789-abcdef',
      APP_KEY: 'test-app-key-0123456789-0123456789-abcdefgh',
      PUSHER_APP_ID: '424242',
      PUSHER_APP_KEY: 'testkey0123456789abc',
      PUSHER_APP_SECRET: 'testsecret0123456789',
      WEB_DIST: path.join(dataDir, 'no-web'),
    });
    let drop = async () => {};
    let app: Awaited<ReturnType<typeof buildApp>>;
    if (process.env.TEST_DB === 'postgres') {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const name = `t_upgrade_${process.pid}_${Date.now()}`;
      await admin.query(`create database ${name}`);
      await admin.end();
      const url = new URL(process.env.TEST_DATABASE_URL!);
      url.pathname = `/${name}`;
      const pool = new pg.Pool({ connectionString: url.toString() });
      await migratePg(drizzlePg(pool), { migrationsFolder: migrations });
      await fill((sql) => pool.query(sql));
      await pool.end();
      drop = async () => {
        const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
        await c.connect();
        await c.query(`drop database if exists ${name} with (force)`);
        await c.end();
      };
      app = await buildApp({ ...base, databaseUrl: url.toString() });
    } else {
      const client = new PGlite();
      await migratePglite(drizzlePglite(client), { migrationsFolder: migrations });
      await fill((sql) => client.exec(sql));
      const dump = await client.dumpDataDir('none');
      await client.close();
      const database = openDatabase('memory://', dataDir, { loadDataDir: dump });
      app = await buildApp({ ...base, databaseUrl: 'memory://' }, { database });
    }
    try {
      const applied = await app.ctx.database.executeSql(
        'select count(*)::int as n from drizzle.__drizzle_migrations',
      );
      const journal = JSON.parse(readFileSync(path.join(migrationsDir, 'meta/_journal.json'), 'utf8'));
      expect(applied.rows[0]!.n).toBe(journal.entries.length);
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/tokens',
        payload: { username: 'early@example.org', password },
      });
      expect(login.statusCode).toBe(200);
      const me = await app.inject({
        method: 'GET',
        url: '/api/profile/me',
        headers: { authorization: `Bearer ${login.json().token}` },
      });
      expect(me.statusCode).toBe(200);
      expect(me.json()).toMatchObject({ nickname: 'Frühe Stunde' });
    } finally {
      await app.close();
      await drop();
      rmSync(migrations, { recursive: true, force: true });
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000);
});
