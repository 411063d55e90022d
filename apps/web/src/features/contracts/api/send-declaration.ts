import { useMutation } from '@tanstack/react-query';
import {
  type CancellationBody,
  declarationReceived,
  type WithdrawalBody,
} from '@trostnetz/contracts/payments';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/payments/cancellation → 202 {received_at, message}: the same answer for every address. */
export async function sendCancellation(body: CancellationBody) {
  return declarationReceived.parse(
    await apiRequest<unknown>('/api/payments/cancellation', { method: 'POST', body }),
  );
}

/** POST /api/payments/withdrawal → 202 {received_at, message}: the confirmed second step. */
export async function sendWithdrawal(body: WithdrawalBody) {
  return declarationReceived.parse(
    await apiRequest<unknown>('/api/payments/withdrawal', { method: 'POST', body }),
  );
}

export const useSendCancellation = () => useMutation({ mutationFn: sendCancellation });
export const useSendWithdrawal = () => useMutation({ mutationFn: sendWithdrawal });
