import { get, post, put } from './endpoint.ts';

/** Plans, checkout, the subscription, the supporter badge, cancellation and withdrawal. */
export const paymentsApi = {
  plans: get('/api/payments/plans'),
  checkout: post('/api/payments/checkout'),
  checkoutState: get('/api/payments/checkout-state'),
  subscription: get('/api/payments/subscription'),
  cancelSubscription: post('/api/payments/subscription/cancel'),
  supporterBadge: put('/api/payments/supporter-badge'),
  cancellation: post('/api/payments/cancellation'),
  withdrawal: post('/api/payments/withdrawal'),
  confirmDeclaration: post('/api/payments/declarations/confirm'),
  testProvider: get('/api/payments/test-provider/:session'),
  testProviderAnswer: post('/api/payments/test-provider/:session'),
  webhook: post('/api/payments/webhook'),
} as const;
