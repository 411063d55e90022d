import { useMutation } from '@tanstack/react-query';
import type { CheckoutBody } from '@trostnetz/contracts/payments';
import { paymentsApi } from '@trostnetz/contracts/payments.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/payments/checkout → {url, session_id}: where to pay (Stripe, or the built-in test provider). */
export async function startCheckout(body: CheckoutBody) {
  return checked(api(paymentsApi.checkout, { body }), () =>
    import('@trostnetz/contracts/payments').then((c) => c.checkoutStarted),
  );
}

export const useStartCheckout = () => useMutation({ mutationFn: startCheckout });
