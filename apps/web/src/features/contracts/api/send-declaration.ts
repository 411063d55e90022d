import { useMutation } from '@tanstack/react-query';
import type { CancellationBody, WithdrawalBody } from '@trostnetz/contracts/payments';
import { paymentsApi } from '@trostnetz/contracts/payments.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/payments/cancellation → 202 {received_at, message}: the same answer for every address. */
export async function sendCancellation(body: CancellationBody) {
  return checked(api(paymentsApi.cancellation, { body }), () =>
    import('@trostnetz/contracts/payments').then((c) => c.declarationReceived),
  );
}

/** POST /api/payments/withdrawal → 202 {received_at, message}: the confirmed second step. */
export async function sendWithdrawal(body: WithdrawalBody) {
  return checked(api(paymentsApi.withdrawal, { body }), () =>
    import('@trostnetz/contracts/payments').then((c) => c.declarationReceived),
  );
}

/** POST /api/payments/declarations/confirm → 200 {kind, message}: the mailed link, opened. */
export async function confirmDeclaration(token: string) {
  return checked(api(paymentsApi.confirmDeclaration, { body: { token } }), () =>
    import('@trostnetz/contracts/payments').then((c) => c.declarationConfirmed),
  );
}

export const useConfirmDeclaration = () => useMutation({ mutationFn: confirmDeclaration });
export const useSendCancellation = () => useMutation({ mutationFn: sendCancellation });
export const useSendWithdrawal = () => useMutation({ mutationFn: sendWithdrawal });
