import { strykerTarget } from './base.mjs';

// Premium: checkout, the contract's life (renewal, cancellation without login, withdrawal, refunds) and the
// contract mails. The webhooks that move a contract are the `webhooks` target (the two took 42 minutes as one).
// What premium allows is the policies target (policies/premium.ts).
export default strykerTarget({
  name: 'premium',
  mutate: [
    'apps/server/src/modules/payments/payments.service.ts',
    'apps/server/src/modules/payments/contracts.service.ts',
    // Not mutated: payments.routes.ts (wiring), provider.ts and test-provider.ts (the Stripe SDK and its
    // local fake), payments.presenter.ts (output shape, pinned by the OpenAPI contract test), payments.jobs.ts.
  ],
  vitestConfig: 'stryker/vitest.premium.config.ts',
});
