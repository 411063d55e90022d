import { strykerTarget } from './base.mjs';

// Checkout (issue 14): the plans, starting a checkout, its state, which contract is current, whether a member
// has premium and until when, and the contract mails (order confirmation, receipt) with VAT and dates.
// Split from `premium`, with the same tests.
export default strykerTarget({
  name: 'checkout',
  mutate: ['apps/server/src/modules/payments/payments.service.ts'],
  vitestConfig: 'stryker/vitest.premium.config.ts',
});
