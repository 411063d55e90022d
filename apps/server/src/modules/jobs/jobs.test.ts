import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { startSmtpServer, type TestSmtpServer } from '../../test/smtp-server.ts';
import { freePort } from '../../test/spawn-server.ts';
import { createTestApp, durableDatabase, outbox, type TestApp } from '../../test/test-app.ts';
import { JOBS_SCHEMA } from './job-queue.ts';
import { jobTable } from './job-table.ts';

const mail = (to: string, subject = 'Hallo') => ({
  to,
  subject,
  text: `Text für ${to}`,
  html: '<p>Text</p>',
});

let opened: TestApp[] = [];
let smtp: TestSmtpServer | null = null;
afterEach(async () => {
  for (const t of opened.reverse()) await t.close();
  await smtp?.close();
  opened = [];
  smtp = null;
});
async function open(...args: Parameters<typeof createTestApp>) {
  const t = await createTestApp(...args);
  opened.push(t);
  return t;
}

describe('issue 10: one durable job queue', () => {
  it('a job survives a restart: stored before the app closes, it runs in the next one', async () => {
    const first = await open(durableDatabase);
    await first.app.ctx.jobs.send('mail-send', mail('restart@example.org'));
    opened = [];
    const second = await first.restart();
    opened.push(second);
    expect(await second.app.ctx.jobs.pending('mail-send')).toBe(1);
    expect((await outbox(second)).map((m) => m.to)).toEqual(['restart@example.org']);
    expect(await second.app.ctx.jobs.pending('mail-send')).toBe(0);
  });

  it('issue 19: a restart writes only what differs; a changed retry setting and the schedules follow the job table', async () => {
    const first = await open(durableDatabase);
    const sql = (text: string) => first.app.ctx.database.executeSql(text);
    // As an older version might have left them: other retry settings, a schedule it no longer has, a changed cron.
    await sql(`update ${JOBS_SCHEMA}.queue set retry_limit = 1 where name = 'mail-send'`);
    await sql(`update ${JOBS_SCHEMA}.schedule set cron = '5 5 * * *' where name = 'friend-requests-expire'`);
    await sql(
      `insert into ${JOBS_SCHEMA}.schedule (name, cron, timezone) values ('mail-send', '* * * * *', 'UTC')`,
    );
    opened = [];
    const second = await first.restart();
    opened.push(second);
    const rows = async (text: string) => (await second.app.ctx.database.executeSql(text)).rows;
    const mailSend = jobTable.find((def) => def.name === 'mail-send')!;
    expect(await rows(`select retry_limit from ${JOBS_SCHEMA}.queue where name = 'mail-send'`)).toEqual([
      { retry_limit: mailSend.retryLimit },
    ]);
    const schedules = await second.app.ctx.jobs.schedules();
    expect(schedules.find((s) => s.name === 'friend-requests-expire')?.cron).toBe('0 * * * *');
    expect(schedules.some((s) => s.name === 'mail-send')).toBe(false);
  });

  it('buildApp starts no worker: a stored job waits until a test drains or server.ts starts the queue', async () => {
    const t = await open();
    t.app.ctx.mailer.queue(mail('waits@example.org'));
    await t.app.ctx.mailer.idle();
    expect(await t.app.ctx.jobs.pending('mail-send')).toBe(1);
    expect(await t.app.ctx.jobs.drain()).toBe(1);
    expect(await t.app.ctx.jobs.pending('mail-send')).toBe(0);
  });

  it('a job sent inside a transaction exists only if the transaction commits', async () => {
    const t = await open();
    const { db, jobs } = t.app.ctx;
    await db
      .transaction(async (tx) => {
        await jobs.send('mail-send', mail('rolled-back@example.org'), { tx });
        tx.rollback();
      })
      .catch(() => {});
    expect(await jobs.pending('mail-send')).toBe(0);
    await db.transaction(async (tx) => {
      await jobs.send('mail-send', mail('committed@example.org'), { tx });
    });
    expect(await jobs.pending('mail-send')).toBe(1);
    expect((await outbox(t)).map((m) => m.to)).toEqual(['committed@example.org']);
  });

  it('singletons: one waiting sweep at most; a key with a window takes one job per window, even once done', async () => {
    const t = await open();
    const { jobs } = t.app.ctx;
    expect(await jobs.send('friend-requests-expire', {})).toEqual(expect.any(String));
    expect(await jobs.send('friend-requests-expire', {})).toBeNull();
    expect(await jobs.pending('friend-requests-expire')).toBe(1);
    expect(await jobs.drain()).toBe(1);

    const window = { singletonKey: 'member-7', singletonSeconds: 6 * 3600 };
    expect(await jobs.send('friend-requests-expire', {}, window)).toEqual(expect.any(String));
    expect(await jobs.drain()).toBe(1);
    expect(await jobs.send('friend-requests-expire', {}, window)).toBeNull();
    expect(await jobs.send('friend-requests-expire', {}, { ...window, singletonKey: 'member-8' })).toEqual(
      expect.any(String),
    );
    // A mail job is deleted when done, so it cannot remember a window: refused rather than silently unthrottled.
    await expect(jobs.send('mail-send', mail('x@example.org'), window)).rejects.toThrow(
      /cannot be throttled/,
    );
  });

  it('coalesce rule (issue 18): a job whose work a waiting one due no sooner does is not stored again; one due earlier is, and so is any once the waiting one is due or a drain ran', async () => {
    const t = await open();
    const { jobs } = t.app.ctx;
    const at = (minutes: number) => new Date(Date.now() + minutes * 60_000);
    const check = (minutes: number, key = '7') =>
      jobs.send(
        'notifications-mail',
        { userId: 7 },
        { startAfter: at(minutes), singletonKey: `7:${minutes}`, coalesce: key },
      );
    expect(await check(15)).toEqual(expect.any(String));
    expect(await check(16)).toBeNull(); // the check in 15 minutes will look at it
    expect(await check(15)).toBeNull();
    expect(await check(14)).toEqual(expect.any(String)); // sooner than any waiting: stored
    expect(await check(20, '8')).toEqual(expect.any(String)); // another key
    expect(await jobs.pending('notifications-mail')).toBe(3);
    await jobs.drain({ includeLater: true });
    expect(await check(30)).toEqual(expect.any(String));
    // A job due now is due at once: it covers nothing later.
    expect(await jobs.send('notifications-mail', { userId: 9 }, { coalesce: '9' })).toEqual(
      expect.any(String),
    );
    expect(await check(1, '9')).toEqual(expect.any(String));
  });

  it('stop() lets a running job finish before it returns', async () => {
    const port = await freePort();
    smtp = await startSmtpServer(port);
    smtp.hold();
    const t = await open({ smtpUrl: `smtp://127.0.0.1:${port}` });
    const { jobs } = t.app.ctx;
    await jobs.start();
    const sending = once(smtp.events, 'data');
    await jobs.send('mail-send', mail('running@example.org'));
    await sending;
    const stopped = jobs.stop(5000);
    smtp.release();
    await stopped;
    expect(smtp.mails).toHaveLength(1);
    expect(smtp.mails[0]).toContain('To: running@example.org');
    expect(await jobs.pending('mail-send')).toBe(0);
  });

  it('a job still running when the grace period ends goes back to the queue, not lost', async () => {
    const port = await freePort();
    smtp = await startSmtpServer(port);
    smtp.hold();
    const t = await open({ smtpUrl: `smtp://127.0.0.1:${port}` });
    const { jobs, database } = t.app.ctx;
    await jobs.start();
    const sending = once(smtp.events, 'data');
    await jobs.send('mail-send', mail('hanging@example.org'));
    await sending;
    await jobs.stop(100);
    expect(await jobs.pending('mail-send')).toBe(1);
    const { rows } = await database.executeSql(
      `select state from ${JOBS_SCHEMA}.job where name = 'mail-send'`,
    );
    expect(rows).toEqual([{ state: 'retry' }]);
  });
});

describe.skipIf(process.env.TEST_DB !== 'postgres')('two app instances on one PostgreSQL database', () => {
  it('issue 10: each job runs exactly once while both instances take jobs at the same time', async () => {
    const a = await open();
    const otherDir = mkdtempSync(path.join(tmpdir(), 'trostnetz-test-'));
    const bApp = await buildApp({ ...a.config, dataDir: otherDir });
    const b = {
      app: bApp,
      config: { ...a.config, dataDir: otherDir },
      close: async () => {
        await bApp.close();
        rmSync(otherDir, { recursive: true, force: true });
      },
    } as TestApp;
    opened.push(b);
    const recipients = Array.from({ length: 40 }, (_, i) => `once-${i}@example.org`);
    for (const to of recipients) await a.app.ctx.jobs.send('mail-send', mail(to));

    const [byA, byB] = await Promise.all([a.app.ctx.jobs.drain(), b.app.ctx.jobs.drain()]);
    expect(byA + byB).toBe(40);
    const sent = [...(await outbox(a)), ...(await outbox(b))].map((m) => m.to).sort();
    expect(sent).toEqual([...recipients].sort());
  });
});
