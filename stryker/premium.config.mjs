import { strykerTarget } from './base.mjs';

// Premium: the contract's life after checkout (renewal, cancellation without login, withdrawal within 14 days,
// the pro-rata refund, contracts of a deleted account). Checkout, plans, premium itself and the contract mails are
// the `checkout` target, the provider's events the `webhooks` target: as one target they took 42 minutes.
// What premium allows is the policies target (policies/premium.ts).
export default strykerTarget({
  name: 'premium',
  mutate: [
    'apps/server/src/modules/payments/contracts.service.ts',
    // Not mutated: payments.routes.ts (wiring), provider.ts and test-provider.ts (the Stripe SDK and its
    // local fake), payments.presenter.ts (output shape, pinned by the OpenAPI contract test), payments.jobs.ts.
  ],
  vitestConfig: 'stryker/vitest.premium.config.ts',
});
