import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { paymentsApi } from '@trostnetz/contracts/payments.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/payments/test-provider/{session}: the checkout the test page stands for. */
export async function getTestSession(session: string) {
  return checked(api(paymentsApi.testProvider, { params: { session } }), () =>
    import('@trostnetz/contracts/payments').then((c) => c.testSessionView),
  );
}

export const useTestSession = (session: string) =>
  useQuery(
    queryOptions({ queryKey: ['payments', 'test-session', session], queryFn: () => getTestSession(session) }),
  );

/** POST /api/payments/test-provider/{session} {outcome} → {url}: where the browser continues. */
export async function finishTestSession({
  session,
  outcome,
}: {
  session: string;
  outcome: 'success' | 'failure' | 'abort';
}) {
  return checked(
    api(paymentsApi.testProviderAnswer, {
      params: { session },
      body: { outcome },
    }),
    () => import('@trostnetz/contracts/payments').then((c) => c.testOutcomeResult),
  );
}

export const useFinishTestSession = () => useMutation({ mutationFn: finishTestSession });
