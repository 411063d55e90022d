import { mkdirSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerMember, strongPassword } from '../../test/factories.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server.ts';
import { freePort } from '../../test/spawn-server.ts';
import { call, createTestApp, outbox, type TestApp } from '../../test/test-app.ts';
import { JOBS_SCHEMA } from '../jobs/job-queue.ts';

let t: TestApp;
let port: number;
let smtp: TestSmtpServer | null = null;
beforeAll(async () => {
  port = await freePort(); // nothing listens here yet: SMTP is down
  t = await createTestApp({ smtpUrl: `smtp://127.0.0.1:${port}` });
});
afterAll(async () => {
  await t.close();
  await smtp?.close();
});

const mailJobs = async () =>
  (
    await t.app.ctx.database.executeSql(
      `select state, retry_count, start_after > now() + interval '29 seconds' as waits, data
       from ${JOBS_SCHEMA}.job where name = 'mail-send'`,
    )
  ).rows;

describe('issue 10: mails go out through the durable job queue', () => {
  it('SMTP down: the mail is kept and retried with back-off, then arrives exactly once and leaves no body behind', async () => {
    const email = `smtp-${Date.now()}@example.org`;
    const res = await call(t, 'POST', '/api/register', {
      body: {
        email,
        password: strongPassword,
        password_confirmation: strongPassword,
        nickname: 'Post',
        terms_accepted: true,
        locale: 'de',
      },
    });
    expect(res.status).toBe(201);

    // First attempt: connection refused. The job stays, waiting at least the 30 s first back-off.
    expect(await t.app.ctx.jobs.drain()).toBe(1);
    expect(await t.app.ctx.jobs.pending('mail-send')).toBe(1);
    expect(
      (await mailJobs()).map(({ state, retry_count, waits }) => ({ state, retry_count, waits })),
    ).toEqual([{ state: 'retry', retry_count: 0, waits: true }]);

    // SMTP is back, but the retry is not due yet: nothing is sent before the back-off has passed.
    smtp = await startSmtpServer(port);
    expect(await t.app.ctx.jobs.drain()).toBe(0);
    expect(smtp.mails).toEqual([]);

    // Once its time has come it goes out, exactly once.
    expect(await t.app.ctx.jobs.drain({ includeLater: true })).toBe(1);
    expect(await t.app.ctx.jobs.drain({ includeLater: true })).toBe(0);
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]).toContain(`To: ${email}`);
    expect(smtp.mails[0]).toMatch(/email\/verify\//);

    // A sent mail's job is deleted: its one-time link is not kept in the queue.
    expect(await t.app.ctx.jobs.pending('mail-send')).toBe(0);
    expect(await mailJobs()).toEqual([]);
  });

  it('SMTP rule (RFC 1047): when the server took a mail but its answer was lost, the mail is handed over again with the same Message-ID — delivered, at most once more, and recognisably the same message', async () => {
    smtp ??= await startSmtpServer(port);
    const before = smtp.mails.length;
    smtp.loseNextAnswer();
    t.app.ctx.mailer.queue({
      to: 'rfc1047@example.org',
      subject: 'Dein Passwort wurde geändert',
      text: 'Text',
      html: '<p>Text</p>',
    });
    await t.app.ctx.mailer.idle();
    // The server has it, but the sender saw the connection drop: the job waits for its retry.
    expect(await t.app.ctx.jobs.drain()).toBe(1);
    expect(smtp.mails.length).toBe(before + 1);
    expect(await t.app.ctx.jobs.pending('mail-send')).toBe(1);
    expect(await t.app.ctx.jobs.drain({ includeLater: true })).toBe(1);
    expect(await t.app.ctx.jobs.pending('mail-send')).toBe(0);
    const got = smtp.mails.slice(before);
    expect(got).toHaveLength(2);
    const ids = got.map((m) => /^Message-ID: (.*)$/im.exec(m)?.[1]);
    expect(ids[0]).toMatch(/^<[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}@localhost>$/);
    expect(ids[1]).toBe(ids[0]);
  });

  it('a job of an unknown shape is refused before it is stored', async () => {
    const jobs = t.app.ctx.jobs;
    await expect(jobs.send('mail-send', { to: 'x@example.org' } as never)).rejects.toThrow();
    expect(await jobs.pending('mail-send')).toBe(0);
  });
});

describe('the outbox folder and its .eml files are readable only by their owner', () => {
  it('a mail written to the outbox leaves the folder 0700 and the file 0600, also when the folder was made wider before', async () => {
    const local = await createTestApp();
    try {
      const dir = path.join(local.config.dataDir, 'outbox');
      mkdirSync(dir, { mode: 0o755 }); // as an older version left it
      await registerMember(local); // the verification mail
      expect((await outbox(local)).length).toBeGreaterThan(0);
      expect(statSync(dir).mode & 0o777).toBe(0o700);
      const files = readdirSync(dir);
      expect(files.length).toBeGreaterThan(0);
      for (const f of files) expect(statSync(path.join(dir, f)).mode & 0o777).toBe(0o600);
    } finally {
      await local.close();
    }
  });
});
