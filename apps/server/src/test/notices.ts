import { sql } from 'drizzle-orm';
import { sendNoticeMail } from '../modules/notifications/notice-mail.service.ts';
import type { TestApp } from './test-app.ts';

/** Noon UTC of the next day: past every mail delay and outside the default quiet hours (22–7 Berlin). */
export const tomorrowNoon = (from = Date.now()) => {
  const d = new Date(from + 24 * 3600_000);
  d.setUTCHours(12, 0, 0, 0);
  return d;
};

/**
 * Runs the notice mail check for every member with a notification waiting for a mail, as the queued
 * job would at `now` (the jobs themselves wait minutes; the tests do not).
 */
export async function sendWaitingNotices(t: TestApp, now = tomorrowNoon()): Promise<number> {
  const res = await t.app.ctx.db.execute(
    sql`select distinct user_id from notifications where mail_state = 'pending'`,
  );
  let sent = 0;
  for (const row of res.rows as { user_id: string | number }[]) {
    sent += await sendNoticeMail(t.app.ctx, Number(row.user_id), now);
  }
  await t.app.ctx.mailer.idle();
  return sent;
}
