import { queryOptions, useQuery } from '@tanstack/react-query';
import { checkoutState } from '@trostnetz/contracts/payments';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/payments/checkout-state: confirming until the payment is confirmed, then premium (or failed). */
export async function getCheckoutState(sessionId: string) {
  return checkoutState.parse(
    await apiRequest<unknown>(`/api/payments/checkout-state?session_id=${encodeURIComponent(sessionId)}`),
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
