import { z } from 'zod';
import { defineJob } from '../jobs/job.ts';
import { expireStaleRequests } from './friendship.service.ts';

/** Friend requests with no answer for 14 days expire kindly; hourly is precise enough. */
export const expireFriendRequestsJob = defineJob({
  name: 'friend-requests-expire',
  payload: z.object({}),
  schedule: '0 * * * *',
  // However long the nodes were away: at most one sweep waiting and one running.
  policy: 'stately',
  retryLimit: 2,
  run: (ctx) => expireStaleRequests(ctx),
});
