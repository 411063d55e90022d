import { z } from 'zod';
import { defineJob } from '../jobs/job.ts';
import { eraseAllDue, eraseIfDue } from './deletion.service.ts';

/** Sent with each deletion request, to run when its grace period is over. */
export const eraseAccountJob = defineJob({
  name: 'account-erase',
  payload: z.object({ userId: z.number().int().positive() }),
  retryLimit: 10,
  addressedTo: { field: 'userId', holds: 'userId' },
  run: (ctx, { userId }) => eraseIfDue(ctx, userId),
});

/** Once a day: any request past its grace period whose own job got lost is erased all the same. */
export const eraseDueAccountsJob = defineJob({
  name: 'account-erase-due',
  payload: z.object({}),
  schedule: '30 3 * * *',
  policy: 'stately',
  retryLimit: 2,
  run: (ctx) => eraseAllDue(ctx),
});
