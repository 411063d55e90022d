import { useMutation } from '@tanstack/react-query';
import { type ForgotPasswordBody, messageResponse } from '@trostnetz/contracts/auth';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/auth/forgot-password: always the same answer, whether the address is known or not. */
export async function forgotPassword(body: ForgotPasswordBody): Promise<string> {
  return messageResponse.parse(
    await apiRequest<unknown>('/api/auth/forgot-password', { method: 'POST', body }),
  ).message;
}

export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
