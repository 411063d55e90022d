import { useMutation } from '@tanstack/react-query';
import type { ResetPasswordBody } from '@trostnetz/contracts/auth';
import { authApi } from '@trostnetz/contracts/auth.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/reset-password; 403 invalid_link when the token is unknown or expired. */
export async function resetPassword(body: ResetPasswordBody): Promise<string> {
  return (
    await checked(api(authApi.resetPassword, { body }), () =>
      import('@trostnetz/contracts/auth').then((c) => c.messageResponse),
    )
  ).message;
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
