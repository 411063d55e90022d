import { z } from 'zod';
import { defineJob } from '../jobs/job.ts';
import { sweepUnverifiedAccounts } from './accounts.service.ts';

/** Accounts never verified are deleted after 7 days (issue 9 item 4); once a night is precise enough. */
export const sweepUnverifiedAccountsJob = defineJob({
  name: 'unverified-accounts-sweep',
  payload: z.object({}),
  schedule: '30 3 * * *',
  // However long the nodes were away: at most one sweep waiting and one running.
  policy: 'stately',
  retryLimit: 2,
  run: async (ctx) => {
    await sweepUnverifiedAccounts(ctx);
  },
});
