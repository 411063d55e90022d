import { strykerTarget } from './base.mjs';

// The payment provider's webhooks (issue 14): signature and its tolerance, each event once, which contract an
// event is about, what paid and failed invoices and subscription states do to the contract and to premium.
// Split from `premium`, with the same tests: together they took 42 minutes per run.
export default strykerTarget({
  name: 'webhooks',
  mutate: ['apps/server/src/modules/payments/webhook.ts'],
  vitestConfig: 'stryker/vitest.premium.config.ts',
});
