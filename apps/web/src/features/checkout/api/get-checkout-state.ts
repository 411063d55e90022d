import { queryOptions, useQuery } from '@tanstack/react-query';
import { paymentsApi } from '@trostnetz/contracts/payments.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/payments/checkout-state: confirming until the payment is confirmed, then premium (or failed). */
export async function getCheckoutState(sessionId: string) {
  return checked(api(paymentsApi.checkoutState, { query: { session_id: sessionId } }), () =>
    import('@trostnetz/contracts/payments').then((c) => c.checkoutState),
  );
}

export const checkoutStateQuery = (sessionId: string) =>
  queryOptions({
    queryKey: ['payments', 'checkout-state', sessionId],
    queryFn: () => getCheckoutState(sessionId),
    // Until confirmed, asked again now and then besides the live PremiumChanged event.
    refetchInterval: (query) => (query.state.data?.state === 'confirming' ? 4000 : false),
  });

export const useCheckoutState = (sessionId: string) => useQuery(checkoutStateQuery(sessionId));
