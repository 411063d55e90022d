import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { FastifyInstance, InjectOptions } from 'fastify';
import pg from 'pg';
import { buildApp } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  close(): Promise<void>;
  /** Closes the app and opens a new one on the same database and data folder, as a restart would. */
  restart(): Promise<TestApp>;
}

/** In-memory PGlite does not survive a restart: tests that restart keep PGlite on disk (PostgreSQL stays). */
export const durableDatabase: Partial<Config> =
  process.env.TEST_DB === 'postgres' ? {} : { databaseUrl: null };

/**
 * PostgreSQL: the run migrates and seeds one database once (vitest.postgres-setup.ts) and names it in this
 * variable; every test database is a copy of it (`create database … template`), which takes a fraction of
 * the time migrating each one would.
 */
export const POSTGRES_TEMPLATE_ENV = 'TROSTNETZ_POSTGRES_TEMPLATE';

function postgresUrl(name: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(sql: string): Promise<void> {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

async function freshPostgres(
  template = process.env[POSTGRES_TEMPLATE_ENV],
): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await adminQuery(`create database ${name}${template ? ` template ${template}` : ''}`);
  return {
    url: postgresUrl(name),
    drop: () => adminQuery(`drop database if exists ${name} with (force)`),
  };
}

/** Makes the run's migrated, seeded PostgreSQL template and returns its name and how to drop it. */
export async function writePostgresTemplate(): Promise<{ name: string; drop(): Promise<void> }> {
  const name = `tpl_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  await adminQuery(`create database ${name}`);
  const t = await createTestApp({ databaseUrl: postgresUrl(name) });
  await t.close();
  return { name, drop: () => adminQuery(`drop database if exists ${name} with (force)`) };
}

/**
 * A fresh in-memory PGlite costs seconds per test file (initdb, every migration, the job queue's schema).
 * The run makes one migrated, seeded database once (vitest.global-setup.ts), dumps it to the file named in
 * this variable, and every in-memory test app starts from a copy of it.
 */
export const PGLITE_TEMPLATE_ENV = 'TROSTNETZ_PGLITE_TEMPLATE';

export async function writePgliteTemplate(file: string): Promise<void> {
  const t = await createTestApp({}, {}, { template: false });
  try {
    const dump = await t.app.ctx.database.dumpDataDir?.();
    if (!dump) throw new Error('the test database is not PGlite');
    writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await t.close();
  }
}

let template: { file: string; blob: Blob } | undefined;

/** The run's template (read once per worker), or undefined outside a vitest run. */
function pgliteTemplate(): Blob | undefined {
  const file = process.env[PGLITE_TEMPLATE_ENV];
  if (!file) return undefined;
  if (template?.file !== file) template = { file, blob: new Blob([readFileSync(file)]) };
  return template.blob;
}

export interface TestAppOptions {
  logStream?: Writable;
  /** Registers test-only routes (e.g. to try a preHandler) before the app is ready. */
  beforeReady?: (app: FastifyInstance) => void | Promise<void>;
  /** Start an in-memory PGlite from the run's template (default) or from nothing (to make the template). */
  template?: boolean;
}

/** A fresh app on a fresh database (in-memory PGlite, or a new PostgreSQL database when TEST_DB=postgres). */
export async function createTestApp(
  overrides: Partial<Config> = {},
  env: Record<string, string> = {},
  opts: TestAppOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'trostnetz-test-'));
  // A test that names its own database (the template's maker) gets no fresh one.
  const pgdb =
    process.env.TEST_DB === 'postgres' && overrides.databaseUrl === undefined ? await freshPostgres() : null;
  const base = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    APP_URL: 'http://localhost:3000',
    JWT_SECRET: 'test-jwt-secret-0123456789-0123456789-abcdef',
    APP_KEY: 'test-app-key-0123456789-0123456789-abcdefgh',
    PUSHER_APP_ID: '424242',
    PUSHER_APP_KEY: 'testkey0123456789abc',
    PUSHER_APP_SECRET: 'testsecret0123456789',
    WEB_DIST: path.join(dataDir, 'no-web'),
    ...env,
  });
  const generous = { max: 10_000, timeWindow: 60_000 };
  const config: Config = {
    ...base,
    // The stand-in push service (test/push-service.ts) listens on 127.0.0.1.
    pushLoopbackAllowed: true,
    databaseUrl: pgdb?.url ?? 'memory://',
    rateLimits: {
      ...base.rateLimits,
      login: generous,
      register: generous,
      passwordReset: generous,
      verifyResend: generous,
      refresh: generous,
      profileRead: generous,
      hide: generous,
      report: generous,
      groupPost: generous,
      groupComment: generous,
      passwordChange: generous,
      emailChange: generous,
      emailLink: generous,
    },
    ...overrides,
  };
  return openTestApp(config, opts, async () => {
    await pgdb?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  });
}

async function openTestApp(
  config: Config,
  opts: TestAppOptions,
  dispose: () => Promise<void>,
): Promise<TestApp> {
  const template =
    opts.template !== false && config.databaseUrl === 'memory://' ? pgliteTemplate() : undefined;
  const database = template
    ? openDatabase(config.databaseUrl, config.dataDir, { loadDataDir: template })
    : undefined;
  const app = await buildApp(config, { logStream: opts.logStream, database });
  await opts.beforeReady?.(app);
  await app.ready();
  return {
    app,
    config,
    async close() {
      await app.close();
      await dispose();
    },
    async restart() {
      await app.close();
      return openTestApp(config, opts, dispose);
    },
  };
}

function decodeQuotedPrintable(s: string): string {
  const bytes = s
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(Number.parseInt(h, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

/** Mails written to DATA_DIR/outbox, oldest first (runs the queued mail jobs first). */
export async function outbox(t: TestApp): Promise<OutboxMail[]> {
  await t.app.ctx.jobs.drain();
  const dir = path.join(t.config.dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files.map((f) => {
    const file = readFileSync(path.join(dir, f), 'utf8');
    const raw = decodeQuotedPrintable(file);
    // A long header continues on indented lines (folding). Headers are read before the body's
    // quoted-printable decoding, which would eat the "=" ending an encoded word at a fold.
    const header = (name: string) =>
      (new RegExp(`^${name}: (.*(?:\r?\n[ \t].*)*)`, 'mi').exec(file)?.[1] ?? '')
        .replace(/\r?\n[ \t]+/g, ' ')
        .trim();
    // Whitespace between two encoded words is not part of the text (RFC 2047).
    const subject = header('Subject')
      .replace(/\?=\s+=\?/g, '?==?')
      .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_m, q: string) => decodeQuotedPrintable(q.replace(/_/g, ' ')));
    return { to: header('To'), subject, text: raw, links: raw.match(/https?:\/\/[^\s"<>]+/g) ?? [] };
  });
}

export type Json = Record<string, unknown>;

/** app.inject with JSON in and out, a bearer token and a language. */
export async function call(
  t: TestApp,
  method: InjectOptions['method'],
  url: string,
  opts: { body?: unknown; token?: string; locale?: 'de' | 'en'; headers?: Record<string, string> } = {},
) {
  const res = await t.app.inject({
    method,
    url,
    payload: opts.body as InjectOptions['payload'],
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.locale ? { 'accept-language': opts.locale } : {}),
      ...opts.headers,
    },
  });
  const text = res.body;
  let json: Json = {};
  try {
    json = text ? JSON.parse(text) : {};
  } catch {}
  return { status: res.statusCode, json, headers: res.headers, text };
}

/** A fresh app listening on a free port of 127.0.0.1, for tests with real WebSocket clients. */
export async function createListeningTestApp(
  env: Record<string, string> = {},
): Promise<TestApp & { port: number }> {
  const t = await createTestApp({}, env);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  return { ...t, port: (t.app.server.address() as AddressInfo).port };
}
