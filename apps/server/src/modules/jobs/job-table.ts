import type { z } from 'zod';
import { eraseAccountJob, eraseDueAccountsJob } from '../account/account.jobs.ts';
import { passwordResetJob, sweepUnverifiedAccountsJob } from '../auth/accounts.jobs.ts';
import { sendMailJob } from '../mail/mail.jobs.ts';
import { forgetReadNotificationsJob, noticeMailJob, pushJob } from '../notifications/notifications.jobs.ts';
import { expireFriendRequestsJob } from '../partners/friendship.jobs.ts';
import { declarationJob, expireJob, renewJob } from '../payments/payments.jobs.ts';

/** Every background job of the server: a module defines its job beside its service and adds one line here. */
export const jobTable = [
  sendMailJob,
  expireFriendRequestsJob,
  sweepUnverifiedAccountsJob,
  passwordResetJob,
  eraseAccountJob,
  eraseDueAccountsJob,
  declarationJob,
  renewJob,
  expireJob,
  noticeMailJob,
  pushJob,
  forgetReadNotificationsJob,
] as const;

export type JobName = (typeof jobTable)[number]['name'];
export type JobPayload<N extends JobName> = z.input<
  Extract<(typeof jobTable)[number], { name: N }>['payload']
>;
