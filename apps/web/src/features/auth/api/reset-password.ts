import { useMutation } from '@tanstack/react-query';
import { messageResponse, type ResetPasswordBody } from '@trostnetz/contracts/auth';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/auth/reset-password; 403 invalid_link when the token is unknown or expired. */
export async function resetPassword(body: ResetPasswordBody): Promise<string> {
  return messageResponse.parse(
    await apiRequest<unknown>('/api/auth/reset-password', { method: 'POST', body }),
  ).message;
}

export const useResetPassword = () => useMutation({ mutationFn: resetPassword });
