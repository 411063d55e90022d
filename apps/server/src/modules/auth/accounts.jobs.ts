import { z } from 'zod';
import { defineJob } from '../jobs/job.ts';
import { sendPasswordReset, sweepUnverifiedAccounts } from './accounts.service.ts';

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

/**
 * A forgot-password request: the link goes out from here, not from the request, whose answer takes
 * the same time for every address. The payload is an address someone typed: deleted once done.
 */
export const passwordResetJob = defineJob({
  name: 'auth-password-reset',
  payload: z.object({ email: z.string() }),
  retryLimit: 5,
  deleteOnComplete: true,
  addressedTo: { field: 'email', holds: 'email' },
  run: (ctx, { email }) => sendPasswordReset(ctx, email),
});
