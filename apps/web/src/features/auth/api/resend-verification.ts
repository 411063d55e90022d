import { useMutation } from '@tanstack/react-query';
import { messageResponse } from '@trostnetz/contracts/auth';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/verify/resend (signed in); 429 when asked too often. */
export async function resendVerification(): Promise<string> {
  return messageResponse.parse(await apiRequest<unknown>('/api/verify/resend', { method: 'POST' })).message;
}

export const useResendVerification = () => useMutation({ mutationFn: resendVerification });
