import { randomBytes, randomUUID } from 'node:crypto';
import { chmod, mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Metrics } from '../../lib/metrics.ts';
import type { JobQueue, SendOptions } from '../jobs/job-queue.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /**
   * Extra headers: List-Unsubscribe (RFC 8058) on notices; a Message-ID (fixed per notice; any other
   * mail gets one when it is queued, so every hand-over of it carries the same one).
   */
  headers?: Record<string, string>;
}

export interface Mailer {
  /** Hands the mail to the SMTP server or the outbox now (the mail job does this). */
  send(mail: Mail): Promise<void>;
  /**
   * Stores the mail as a job without making the caller wait (same answer time whether or not a mail
   * goes out); the job sends it, retrying with back-off while SMTP is down.
   */
  queue(mail: Mail): void;
  /**
   * Stores the mail as a job inside the caller's transaction: it exists if and only if that
   * transaction commits (the notice mails: rows marked mailed and their mail are one commit).
   */
  queueIn(tx: NonNullable<SendOptions['tx']>, mail: Mail): Promise<void>;
  /** Resolves when every queued mail is stored in the job queue. */
  idle(): Promise<void>;
}

/** SMTP_URL → real server; otherwise each mail is written as .eml into DATA_DIR/outbox (links logged outside production). */
export function createMailer(
  config: Config,
  log: FastifyBaseLogger,
  jobs: JobQueue,
  metrics: Metrics,
): Mailer {
  const outbox = path.join(config.dataDir, 'outbox');
  // nodemailer loads with the first mail, not at start (issue 19: a restart reaches /health in ≤ 3 s).
  let transport: Promise<Transporter> | undefined;
  const transportOf = () => {
    transport ??= import('nodemailer').then(({ default: nodemailer }) =>
      config.smtpUrl
        ? nodemailer.createTransport(config.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    );
    return transport;
  };
  const pending = new Set<Promise<void>>();
  let sequence = 0;
  const host = new URL(config.appUrl).hostname;
  /**
   * The Message-ID is fixed before the mail is stored: when SMTP took a mail but its answer was lost
   * (a crash, a cut connection: RFC 1047), the retry hands over the very same message, which mail
   * systems can recognise, instead of a new one.
   */
  const withMessageId = (mail: Mail): Mail =>
    mail.headers?.['Message-ID']
      ? mail
      : { ...mail, headers: { ...mail.headers, 'Message-ID': `<${randomUUID()}@${host}>` } };

  async function send(mail: Mail) {
    try {
      await deliver(mail);
      metrics.mails.inc({ outcome: 'sent' });
    } catch (err) {
      metrics.mails.inc({ outcome: 'failed' });
      throw err;
    }
  }

  async function deliver(mail: Mail) {
    // Names sort in the order mails were handed over, even within one millisecond.
    const order = String(++sequence).padStart(6, '0');
    const info = await (await transportOf()).sendMail({ from: config.mailFrom, ...mail });
    if (config.smtpUrl) return;
    // The mails carry sign-in and reset links: only the server's own user may read them. A folder
    // made by an older version (with the umask's 0755) is narrowed too.
    await mkdir(outbox, { recursive: true, mode: 0o700 });
    await chmod(outbox, 0o700);
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const name = `${stamp}-${order}-${randomBytes(4).toString('hex')}.eml`;
    await writeFile(path.join(outbox, name), (info as unknown as { message: Buffer }).message, {
      mode: 0o600,
    });
    // The links in the log make trying it out easy; they carry tokens, so never in production.
    const links = config.env === 'production' ? undefined : (mail.text.match(/https?:\/\/\S+/g) ?? []);
    log.info({ outbox: name, subject: mail.subject, links }, 'mail written to outbox');
  }

  return {
    send,
    queue(mail) {
      const p = jobs
        .send('mail-send', withMessageId(mail))
        .then(() => {})
        .catch((err) => log.error({ err, subject: mail.subject }, 'mail could not be queued'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async queueIn(tx, mail) {
      await jobs.send('mail-send', withMessageId(mail), { tx });
    },
    async idle() {
      await Promise.all([...pending]);
    },
  };
}
