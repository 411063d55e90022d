import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Transporter } from 'nodemailer';
import type { Config } from '../../config.ts';
import type { Metrics } from '../../lib/metrics.ts';
import type { JobQueue } from '../jobs/job-queue.ts';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Extra headers: List-Unsubscribe (RFC 8058) on notices, a Message-ID fixed per notice. */
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
    await mkdir(outbox, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const name = `${stamp}-${order}-${randomBytes(4).toString('hex')}.eml`;
    await writeFile(path.join(outbox, name), (info as unknown as { message: Buffer }).message);
    // The links in the log make trying it out easy; they carry tokens, so never in production.
    const links = config.env === 'production' ? undefined : (mail.text.match(/https?:\/\/\S+/g) ?? []);
    log.info({ outbox: name, subject: mail.subject, links }, 'mail written to outbox');
  }

  return {
    send,
    queue(mail) {
      const p = jobs
        .send('mail-send', mail)
        .then(() => {})
        .catch((err) => log.error({ err, subject: mail.subject }, 'mail could not be queued'))
        .finally(() => pending.delete(p));
      pending.add(p);
    },
    async idle() {
      await Promise.all([...pending]);
    },
  };
}
