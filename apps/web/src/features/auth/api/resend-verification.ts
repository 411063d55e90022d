import { useMutation } from '@tanstack/react-query';
import { authApi } from '@trostnetz/contracts/auth.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/verify/resend (signed in); 429 when asked too often. */
export async function resendVerification(): Promise<string> {
  return (
    await checked(api(authApi.resendVerification), () =>
      import('@trostnetz/contracts/auth').then((c) => c.messageResponse),
    )
  ).message;
}

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
