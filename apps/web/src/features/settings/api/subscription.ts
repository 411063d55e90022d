import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MySubscription } from '@trostnetz/contracts/payments';
import { paymentsApi } from '@trostnetz/contracts/payments.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/payments/subscription: premium, the plan, the period end and the receipts. */
export async function getSubscription(): Promise<MySubscription> {
  return checked(api(paymentsApi.subscription), () =>
    import('@trostnetz/contracts/payments').then((c) => c.mySubscription),
  );
}

export const subscriptionQuery = queryOptions({
  queryKey: ['payments', 'subscription'],
  queryFn: getSubscription,
});
export const useSubscription = () => useQuery(subscriptionQuery);

/** POST /api/payments/subscription/cancel: one click, the contract ends at its period end. */
export async function cancelSubscription(): Promise<MySubscription> {
  return checked(api(paymentsApi.cancelSubscription), () =>
    import('@trostnetz/contracts/payments').then((c) => c.mySubscription),
  );
}

/** PUT /api/payments/supporter-badge {show}. */
export async function setSupporterBadge(show: boolean): Promise<MySubscription> {
  return checked(api(paymentsApi.supporterBadge, { body: { show } }), () =>
    import('@trostnetz/contracts/payments').then((c) => c.mySubscription),
  );
}

const useSubscriptionMutation = <T>(fn: (arg: T) => Promise<MySubscription>) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: (data) => client.setQueryData(subscriptionQuery.queryKey, data),
  });
};
export const useCancelSubscription = () => useSubscriptionMutation<void>(cancelSubscription);
export const useSetSupporterBadge = () => useSubscriptionMutation<boolean>(setSupporterBadge);
