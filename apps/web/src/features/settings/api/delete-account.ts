import { useMutation } from '@tanstack/react-query';
import { type DeleteAccountBody, deletionScheduled } from '@trostnetz/contracts/account';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/user/delete; 422 with a field error for a wrong password. Every session ends on success. */
export async function deleteAccount(body: DeleteAccountBody) {
  return deletionScheduled.parse(await apiRequest<unknown>('/api/user/delete', { method: 'POST', body }));
}

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
