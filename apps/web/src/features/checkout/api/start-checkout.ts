import { useMutation } from '@tanstack/react-query';
import { type CheckoutBody, checkoutStarted } from '@trostnetz/contracts/payments';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/payments/checkout → {url, session_id}: where to pay (Stripe, or the built-in test provider). */
export async function startCheckout(body: CheckoutBody) {
  return checkoutStarted.parse(await apiRequest<unknown>('/api/payments/checkout', { method: 'POST', body }));
}

export const useStartCheckout = () => useMutation({ mutationFn: startCheckout });
