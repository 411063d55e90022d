import type Stripe from 'stripe';
import type { AppContext } from '../../app-context.ts';

export interface PaymentProvider {
  /** `stripe` with STRIPE_SECRET_KEY; otherwise the built-in test provider (test-provider.ts). */
  kind: 'stripe' | 'test';
  /** The SDK: the API with a key; without one only its webhook signing, which needs no network. */
  stripe: Stripe;
}

const providers = new WeakMap<AppContext['config'], Promise<PaymentProvider>>();

/**
 * One SDK client per configuration (DESIGN.md §2 payments), loaded with the first payment call rather
 * than at start (issue 19: a restart reaches /health in ≤ 3 s).
 */
export function paymentProvider(ctx: Pick<AppContext, 'config'>): Promise<PaymentProvider> {
  const known = providers.get(ctx.config);
  if (known) return known;
  const provider = createProvider(ctx.config);
  providers.set(ctx.config, provider);
  return provider;
}

async function createProvider(config: AppContext['config']): Promise<PaymentProvider> {
  const { default: Stripe } = await import('stripe');
  const { secretKey, api } = config.stripe;
  const stripe = new Stripe(secretKey ?? 'sk_test_builtin_provider_without_api', {
    maxNetworkRetries: 2,
    timeout: 20_000,
    ...(api ? { host: api.host, port: api.port, protocol: api.protocol } : {}),
  });
  return { kind: secretKey ? 'stripe' : 'test', stripe };
}
