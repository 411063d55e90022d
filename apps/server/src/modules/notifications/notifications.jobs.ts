import { NOTIFICATION_KINDS } from '@trostnetz/contracts/notifications';
import { z } from 'zod';
import { defineJob } from '../jobs/job.ts';
import { sendNoticeMail } from './notice-mail.service.ts';
import { forgetReadNotifications } from './notifications.service.ts';
import { sendPush } from './push.service.ts';

/**
 * Looks at a member's notifications waiting for a mail and stores at most one mail for them (the
 * `mail-send` job sends it). Safe to run twice or after a crash: the rows are marked sent in the same
 * transaction that stores the mail (notice-mail.service.ts).
 */
export const noticeMailJob = defineJob({
  name: 'notifications-mail',
  payload: z.object({ userId: z.number().int() }),
  policy: 'short',
  retryLimit: 10,
  retryDelaySec: 30,
  retryBackoff: true,
  addressedTo: { field: 'userId', holds: 'userId' },
  run: (ctx, { userId }) => sendNoticeMail(ctx, userId),
});

/** One push to one browser: who and what kind, nothing written. */
export const pushJob = defineJob({
  name: 'notifications-push',
  payload: z.object({
    userId: z.number().int(),
    subscriptionId: z.number().int(),
    kind: z.enum(NOTIFICATION_KINDS),
    actorId: z.number().int().nullable(),
    postId: z.number().int().nullable(),
    groupId: z.number().int().nullable(),
  }),
  retryLimit: 3,
  retryDelaySec: 60,
  retryBackoff: true,
  // A push service answers in seconds; a hung request is cut and retried.
  expireInSec: 60,
  addressedTo: { field: 'userId', holds: 'userId' },
  run: (ctx, data) => sendPush(ctx, data),
});

/** Read notifications older than READ_NOTIFICATIONS_KEPT_DAYS are forgotten once a night. */
export const forgetReadNotificationsJob = defineJob({
  name: 'notifications-forget-read',
  payload: z.object({}),
  schedule: '45 3 * * *',
  policy: 'stately',
  retryLimit: 2,
  run: async (ctx) => {
    await forgetReadNotifications(ctx);
  },
});
