import { spawn } from 'node:child_process';
import {
  copyFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import { openDatabase } from '../../db/client.ts';
import { acquireDataLock } from '../../lib/data-lock.ts';
import { erasureFile, readErasures } from '../../lifecycle/erasure-log.ts';
import { eraseMember } from '../../lifecycle/member-data-table.ts';
import { BackupError, readBackupFile, writeBackupFile } from './backup-file.ts';
import { backupToken } from './backup-token.ts';

/** What stays out of a backup: the database's own folder (dumped instead), mails with one-time links, the lock. */
const notBackedUp = new Set(['pglite', 'outbox', '.lock']);

function run(cmd: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let err = '';
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
    });
    child.on('error', (e) => reject(new BackupError(`${cmd} could not be started: ${e.message}`)));
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new BackupError(`${cmd} failed (${code}): ${err.trim().slice(0, 500)}`)),
    );
  });
}

/** The live server holding the PGlite folder, if any (its lock file names a live process). */
function serverHoldingLock(dataDir: string): boolean {
  try {
    const owner = JSON.parse(readFileSync(path.join(dataDir, '.lock'), 'utf8')) as {
      pid: number;
      holder: string;
    };
    process.kill(owner.pid, 0);
    return owner.holder === 'server';
  } catch {
    return false;
  }
}

async function dumpPglite(config: Config, file: string): Promise<void> {
  if (serverHoldingLock(config.dataDir)) {
    // The embedded database belongs to the running process: it makes the dump (a local-only route).
    const res = await fetch(`http://127.0.0.1:${config.port}/internal/backup/pglite`, {
      method: 'POST',
      headers: { authorization: `Bearer ${backupToken(config)}` },
    }).catch((err: Error) => {
      throw new BackupError(
        `The server holds the data folder but did not answer on port ${config.port}: ${err.message}`,
      );
    });
    if (!res.ok || !res.body) throw new BackupError(`The running server refused the backup (${res.status}).`);
    await pipeline(Readable.fromWeb(res.body as WebReadableStream), createWriteStream(file, { mode: 0o600 }));
    return;
  }
  const release = acquireDataLock(config.dataDir, 'backup');
  const database = openDatabase(null, config.dataDir);
  try {
    const dump = await database.dumpDataDir!();
    await pipeline(
      Readable.fromWeb(dump.stream() as WebReadableStream),
      createWriteStream(file, { mode: 0o600 }),
    );
  } finally {
    await database.close();
    release();
  }
}

/** Every file of DATA_DIR the data needs (secrets, keys, uploads, the erasure log), relative paths. */
function dataFiles(dir: string, rel = ''): string[] {
  if (!existsSync(path.join(dir, rel))) return [];
  return readdirSync(path.join(dir, rel), { withFileTypes: true }).flatMap((e) => {
    const child = path.join(rel, e.name);
    if (!rel && notBackedUp.has(e.name)) return [];
    if (e.isDirectory()) return dataFiles(dir, child);
    return e.isFile() ? [child] : [];
  });
}

export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  encrypted: boolean;
}

/** `npm run backup -- --to FILE`: database (pg_dump or the PGlite folder) and DATA_DIR's files, in one file. */
export async function createBackup(
  config: Config,
  opts: { to: string; unencrypted?: boolean },
): Promise<BackupResult> {
  const started = Date.now();
  const passphrase = opts.unencrypted ? null : config.backupPassphrase;
  if (!passphrase && !opts.unencrypted) {
    throw new BackupError(
      'Set BACKUP_PASSPHRASE (at least 12 characters) to encrypt the backup, or give --unencrypted on purpose.',
    );
  }
  const work = mkdtempSync(path.join(tmpdir(), 'trostnetz-backup-'));
  try {
    const entries: Array<{ name: string; file: string }> = [];
    const kind = config.databaseUrl ? 'postgres' : 'pglite';
    const manifest = path.join(work, 'manifest.json');
    writeFileSync(
      manifest,
      JSON.stringify({ format: 1, database: kind, created_at: new Date().toISOString() }),
    );
    entries.push({ name: 'manifest.json', file: manifest });
    const dump = path.join(work, 'database');
    if (config.databaseUrl)
      await run('pg_dump', ['--format=custom', '--no-owner', `--file=${dump}`, config.databaseUrl]);
    else await dumpPglite(config, dump);
    entries.push({ name: `database.${kind}`, file: dump });
    for (const rel of dataFiles(config.dataDir)) {
      entries.push({ name: `data/${rel.split(path.sep).join('/')}`, file: path.join(config.dataDir, rel) });
    }
    await writeBackupFile(opts.to, entries, passphrase);
    return {
      file: opts.to,
      bytes: statSync(opts.to).size,
      ms: Date.now() - started,
      encrypted: Boolean(passphrase),
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function postgresIsEmpty(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const r = await client.query(
      "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return r.rows[0].n === 0;
  } finally {
    await client.end();
  }
}

export interface RestoreResult {
  ms: number;
  erasuresReplayed: number;
}

/**
 * `npm run restore -- FILE`: into an empty data folder or an empty database only. The whole file is
 * checked (passphrase, tag) before anything is written; then the database and DATA_DIR's files are put
 * back, migrations bring an older backup up to date, and every erasure since (DATA_DIR/erasures.log, and
 * `erasures` when given) is replayed through the life-cycle registry.
 */
export async function restoreBackup(
  config: Config,
  file: string,
  opts: { erasures?: string } = {},
): Promise<RestoreResult> {
  const started = Date.now();
  if (!existsSync(file)) throw new BackupError(`No such file: ${file}`);
  const work = mkdtempSync(path.join(tmpdir(), 'trostnetz-restore-'));
  const release = config.databaseUrl ? () => {} : acquireDataLock(config.dataDir, 'restore');
  try {
    const entries = await readBackupFile(file, config.backupPassphrase, work);
    const manifest = JSON.parse(readFileSync(entries.get('manifest.json') ?? '', 'utf8')) as {
      database: string;
    };
    const kind = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.database !== kind) {
      throw new BackupError(
        `This backup holds a ${manifest.database === 'pglite' ? 'PGlite' : 'PostgreSQL'} database; restore it with ${manifest.database === 'pglite' ? 'no DATABASE_URL' : 'DATABASE_URL set'}.`,
      );
    }
    const dataNames = [...entries.keys()].filter((n) => n.startsWith('data/'));
    const targets = dataNames.map((n) => path.join(config.dataDir, ...n.slice(5).split('/')));
    if (config.databaseUrl) {
      if (!(await postgresIsEmpty(config.databaseUrl))) {
        throw new BackupError(
          'The database is not empty: restore into a new, empty database. Nothing was changed.',
        );
      }
    } else {
      const dir = path.join(config.dataDir, 'pglite');
      if (existsSync(dir) && readdirSync(dir).length > 0) {
        throw new BackupError(
          `The data folder already holds a database (${dir}): restore into an empty one. Nothing was changed.`,
        );
      }
    }
    const clash = targets.find((t) => existsSync(t) && t !== erasureFile(config.dataDir));
    if (clash)
      throw new BackupError(
        `${clash} exists already: restore into an empty data folder. Nothing was changed.`,
      );

    // The erasure log is merged: erasures after the backup must survive it.
    const erased = new Set([
      ...readErasures(erasureFile(config.dataDir)),
      ...(opts.erasures ? readErasures(opts.erasures) : []),
    ]);
    for (const [i, name] of dataNames.entries()) {
      mkdirSync(path.dirname(targets[i]!), { recursive: true });
      if (targets[i] === erasureFile(config.dataDir)) {
        for (const id of readErasures(entries.get(name)!)) erased.add(id);
      } else copyFileSync(entries.get(name)!, targets[i]!);
    }
    if (erased.size)
      writeFileSync(erasureFile(config.dataDir), [...erased].map((id) => `${id}\n`).join(''), {
        mode: 0o600,
      });

    const dump = entries.get(`database.${kind}`)!;
    if (config.databaseUrl) {
      await run('pg_restore', ['--no-owner', '--exit-on-error', `--dbname=${config.databaseUrl}`, dump]);
    } else {
      const dir = path.join(config.dataDir, 'pglite');
      mkdirSync(dir, { recursive: true });
      const client = new PGlite(dir, { loadDataDir: new Blob([readFileSync(dump)]) });
      await client.waitReady;
      await client.close();
    }

    // Migrations (an older backup) run as the app opens; then every recorded erasure is replayed.
    const app = await buildApp({ ...config, logLevel: 'silent' });
    let replayed = 0;
    try {
      const already = new Set(
        (await app.ctx.database.executeSql('select member_id from erasure_log')).rows.map((r) =>
          Number(r.member_id),
        ),
      );
      for (const id of erased) {
        if (already.has(id)) continue;
        await eraseMember(app.ctx, id);
        replayed += 1;
      }
    } finally {
      await app.close();
    }
    return { ms: Date.now() - started, erasuresReplayed: replayed };
  } finally {
    release();
    rmSync(work, { recursive: true, force: true });
  }
}
