import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Config } from '../../config.ts';
import { eraseMember } from '../../lifecycle/member-data-table.ts';
import { type MemberTokens, onboardMember } from '../../test/factories.ts';
import { call, createTestApp, durableDatabase, type TestApp } from '../../test/test-app.ts';
import { createBackup, restoreBackup } from './backup.service.ts';
import { BackupError } from './backup-file.ts';

const PASSPHRASE = 'eine lange Passphrase für Backups';
const onPostgres = process.env.TEST_DB === 'postgres';

async function uploadAvatar(t: TestApp, m: MemberTokens) {
  const bytes = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#7a9cc6' } })
    .png()
    .toBuffer();
  const boundary = `----trostnetz${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/profile/avatar',
    payload,
    headers: {
      'content-type': `multipart/form-data; boundary=${boundary}`,
      authorization: `Bearer ${m.token}`,
    },
  });
  expect(res.statusCode).toBe(200);
}

type Query = (text: string) => Promise<Array<Record<string, unknown>>>;

/**
 * Every row of every table of the app (later modules' tables too, without listing them), as text (bytes of
 * images included), except the erased member's users row.
 */
async function snapshot(query: Query, except: number) {
  const out: Record<string, unknown> = {};
  const tables = await query(
    "select tablename from pg_tables where schemaname = 'public' order by tablename",
  );
  for (const { tablename } of tables) {
    // A replayed erasure is noted again at the time of the restore: the ids are what must match.
    const columns = tablename === 'erasure_log' ? 't.member_id' : 't';
    out[String(tablename)] = await query(`select ${columns}::text as row from "${tablename}" t order by 1`);
  }
  out.users = (out.users as Array<{ row: string }>).filter((r) => !r.row.startsWith(`(${except},`));
  return out;
}

/** Empties the database (PostgreSQL: a fresh database of the same name) and DATA_DIR but the erasure log. */
async function eraseEverything(config: Config) {
  for (const entry of readdirSync(config.dataDir)) {
    if (entry !== 'erasures.log') rmSync(path.join(config.dataDir, entry), { recursive: true, force: true });
  }
  if (config.databaseUrl) {
    const url = new URL(config.databaseUrl);
    const name = url.pathname.slice(1);
    url.pathname = '/postgres';
    const admin = new pg.Client({ connectionString: url.toString() });
    await admin.connect();
    await admin.query(`drop database ${name} with (force)`);
    await admin.query(`create database ${name}`);
    await admin.end();
  }
}

async function opened(config: Config) {
  const app = await buildApp({ ...config, logLevel: 'silent' });
  const query: Query = async (text) => (await app.ctx.database.executeSql(text)).rows;
  return { app, query };
}

async function databaseIsEmpty(config: Config): Promise<boolean> {
  if (!config.databaseUrl) return !existsSync(path.join(config.dataDir, 'pglite'));
  const client = new pg.Client({ connectionString: config.databaseUrl });
  await client.connect();
  const r = await client.query("select count(*)::int as n from pg_tables where schemaname = 'public'");
  await client.end();
  return r.rows[0].n === 0;
}

describe(`issue 19: backups that restore (${onPostgres ? 'PostgreSQL, pg_dump' : 'PGlite, dumped by the running app'})`, () => {
  it('backup → erase everything → restore gives back every member, message, post, comment, report and image byte for byte (every table); a wrong passphrase and a flipped byte are refused with nothing changed; a member erased after the backup stays gone', async () => {
    const t = await createTestApp(durableDatabase, { BACKUP_PASSPHRASE: PASSPHRASE });
    const config = t.config;
    const backupFile = path.join(mkdtempSync(path.join(tmpdir(), 'trostnetz-bk-')), 'site.backup');
    try {
      const answers = { loss_kind: ['partner'], languages: ['de'], region: ['de_berlin'] };
      const a = await onboardMember(t, answers);
      const b = await onboardMember(t, answers);
      const leaver = await onboardMember(t, answers, { email: 'leaver.unique@example.org' });
      await call(t, 'POST', `/api/user/friend/request/send/${b.id}`, { token: a.token, body: {} });
      await call(t, 'POST', `/api/user/friend/request/accept/${a.id}`, { token: b.token, body: {} });
      expect(
        (
          await call(t, 'POST', `/api/chat/${b.id}/send`, {
            token: a.token,
            body: { message: 'Ich denke an dich.' },
          })
        ).status,
      ).toBe(200);
      expect(
        (
          await call(t, 'POST', '/api/reports', {
            token: b.token,
            body: { type: 'profile', id: leaver.id, reason: 'harassment' },
          })
        ).status,
      ).toBe(201);
      await uploadAvatar(t, a);
      const groups = (await call(t, 'GET', '/api/group', { token: a.token })).json as {
        categories: Array<{ groups: Array<{ id: number }> }>;
      };
      const groupId = groups.categories[0]!.groups[0]!.id;
      for (const member of [a, b]) {
        await call(t, 'POST', `/api/group/${groupId}/membership`, { token: member.token, body: {} });
      }
      const post = await call(t, 'POST', '/api/post', {
        token: a.token,
        body: { group_id: groupId, title: 'Der erste Winter', message: 'Ohne dich.', content_notes: [] },
      });
      expect(post.status).toBe(201);
      const comment = await call(t, 'POST', `/api/post/${(post.json as { id: number }).id}/comments`, {
        token: b.token,
        body: { comment: 'Ich lese dich.' },
      });
      expect(comment.status).toBe(201);
      await t.app.ctx.jobs.drain();
      const query: Query = async (text) => (await t.app.ctx.database.executeSql(text)).rows;
      const secrets = existsSync(path.join(config.dataDir, 'secrets.json'))
        ? readFileSync(path.join(config.dataDir, 'secrets.json'))
        : null;
      writeFileSync(path.join(config.dataDir, 'uploads-probe.bin'), randomBytes(1000));
      const probe = readFileSync(path.join(config.dataDir, 'uploads-probe.bin'));

      // Without a passphrase: refused (unless --unencrypted on purpose).
      await expect(createBackup({ ...config, backupPassphrase: null }, { to: backupFile })).rejects.toThrow(
        /BACKUP_PASSPHRASE/,
      );

      // PGlite: the app holds the database, so the backup asks it (the CLI finds it through the lock).
      await t.app.listen({ port: 0, host: '127.0.0.1' });
      const port = (t.app.server.address() as AddressInfo).port;
      if (!config.databaseUrl) {
        writeFileSync(
          path.join(config.dataDir, '.lock'),
          JSON.stringify({ pid: process.pid, holder: 'server' }),
        );
      }
      const made = await createBackup({ ...config, port }, { to: backupFile });
      expect(made.encrypted).toBe(true);
      expect(readFileSync(backupFile).includes(Buffer.from('Ich denke an dich.'))).toBe(false);
      console.log(`backup: ${made.bytes} bytes in ${made.ms} ms`);

      // After the backup the member leaves: erased through the life-cycle registry.
      await eraseMember(t.app.ctx, leaver.id);
      // What the restore must give back: the state before the disaster, the leaver still erased.
      const before = await snapshot(query, leaver.id);
      expect(JSON.stringify(before)).toContain('Ich denke an dich.');
      expect(JSON.stringify(before)).toContain('Der erste Winter');
      expect(JSON.stringify(before)).toContain('Ich lese dich.');
      await t.app.close();
      await eraseEverything(config);

      // A wrong passphrase, and a changed byte: refused, nothing written.
      await expect(
        restoreBackup({ ...config, backupPassphrase: 'eine ganz andere Passphrase' }, backupFile),
      ).rejects.toThrow(BackupError);
      const damaged = `${backupFile}.damaged`;
      const bytes = readFileSync(backupFile);
      bytes[Math.floor(bytes.length / 2)]! ^= 0x01;
      writeFileSync(damaged, bytes);
      await expect(restoreBackup(config, damaged)).rejects.toThrow(/changed or damaged/);
      expect(await databaseIsEmpty(config)).toBe(true);
      expect(existsSync(path.join(config.dataDir, 'uploads-probe.bin'))).toBe(false);

      const restored = await restoreBackup(config, backupFile);
      console.log(`restore: ${restored.ms} ms, ${restored.erasuresReplayed} erasure(s) replayed`);
      expect(restored.erasuresReplayed).toBe(1);
      // Into a non-empty target: refused.
      await expect(restoreBackup(config, backupFile)).rejects.toThrow(
        /not empty|already holds|exists already/,
      );

      const after = await opened(config);
      try {
        expect(await snapshot(after.query, leaver.id)).toEqual(before);
        const [gone] = await after.query(`select email, nickname from users where id = ${leaver.id}`);
        expect(JSON.stringify(gone ?? {})).not.toContain('leaver.unique');
        expect(await after.query(`select member_id from erasure_log`)).toEqual([
          { member_id: expect.anything() },
        ]);
        // The members can sign in again with the restored secrets' tokens.
        const me = await after.app.inject({
          method: 'GET',
          url: '/api/profile/me',
          headers: { authorization: `Bearer ${a.token}` },
        });
        expect(me.statusCode).toBe(200);
      } finally {
        await after.app.close();
      }
      if (secrets) expect(readFileSync(path.join(config.dataDir, 'secrets.json')).equals(secrets)).toBe(true);
      expect(readFileSync(path.join(config.dataDir, 'uploads-probe.bin')).equals(probe)).toBe(true);
    } finally {
      await t.close().catch(() => {});
      rmSync(path.dirname(backupFile), { recursive: true, force: true });
    }
  }, 120_000);
});
