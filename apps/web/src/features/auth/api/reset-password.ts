import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@trostnetz/contracts/auth';
import { checked } from '../../../lib/answer.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/auth/reset-password; 403 invalid_link when the token is unknown or expired. */
export async function resetPassword(body: ResetPasswordBody): Promise<string> {
  return (
    await checked(apiRequest<unknown>('/api/auth/reset-password', { method: 'POST', body }), () =>
      import('@trostnetz/contracts/auth').then((c) => c.messageResponse),
    )
  ).message;
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
