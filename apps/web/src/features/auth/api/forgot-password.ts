import { useMutation } from '@tanstack/react-query';
import type { ForgotPasswordBody } from '@trostnetz/contracts/auth';
import { authApi } from '@trostnetz/contracts/auth.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/auth/forgot-password: always the same answer, whether the address is known or not. */
export async function forgotPassword(body: ForgotPasswordBody): Promise<string> {
  return (
    await checked(api(authApi.forgotPassword, { body }), () =>
      import('@trostnetz/contracts/auth').then((c) => c.messageResponse),
    )
  ).message;
}

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
