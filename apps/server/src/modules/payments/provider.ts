import Stripe from 'stripe';
import type { AppContext } from '../../app-context.ts';

export interface PaymentProvider {
  /** `stripe` with STRIPE_SECRET_KEY; otherwise the built-in test provider (test-provider.ts). */
  kind: 'stripe' | 'test';
  /** The SDK: the API with a key; without one only its webhook signing, which needs no network. */
  stripe: Stripe;
}

const providers = new WeakMap<AppContext['config'], PaymentProvider>();

/** One SDK client per configuration (DESIGN.md §2 payments). */
export function paymentProvider(ctx: Pick<AppContext, 'config'>): PaymentProvider {
  const known = providers.get(ctx.config);
  if (known) return known;
  const { secretKey, api } = ctx.config.stripe;
  const stripe = new Stripe(secretKey ?? 'sk_test_builtin_provider_without_api', {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api ? { host: api.host, port: api.port, protocol: api.protocol } : {}),
  });
  const provider: PaymentProvider = { kind: secretKey ? 'stripe' : 'test', stripe };
  providers.set(ctx.config, provider);
  return provider;
}
