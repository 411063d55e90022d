import { useMutation } from '@tanstack/react-query';
import { checked } from '../../../lib/answer.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/verify/resend (signed in); 429 when asked too often. */
export async function resendVerification(): Promise<string> {
  return (
    await checked(apiRequest<unknown>('/api/verify/resend', { method: 'POST' }), () =>
      import('@trostnetz/contracts/auth').then((c) => c.messageResponse),
    )
  ).message;
}

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
