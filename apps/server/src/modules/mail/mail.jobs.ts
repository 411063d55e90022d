import { z } from 'zod';
import { defineJob } from '../jobs/job.ts';

export const mailPayload = z.object({
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  headers: z.record(z.string(), z.string()).optional(),
});

/**
 * Every mail goes out through the queue: with SMTP down it is retried with back-off for about half a
 * day to a day (10 retries from 30 s, doubling), and deleted once sent, since it carries one-time links.
 */
export const sendMailJob = defineJob({
  name: 'mail-send',
  payload: mailPayload,
  retryLimit: 10,
  retryDelaySec: 30,
  retryBackoff: true,
  // nodemailer's own timeouts (2 min to connect, 10 min idle socket) end an attempt before this does.
  expireInSec: 15 * 60,
  deleteOnComplete: true,
  addressedTo: { field: 'to', holds: 'email' },
  run: (ctx, mail) => ctx.mailer.send(mail),
});
