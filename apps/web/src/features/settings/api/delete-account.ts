import { useMutation } from '@tanstack/react-query';
import type { DeleteAccountBody } from '@trostnetz/contracts/account';
import { accountApi } from '@trostnetz/contracts/account.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/user/delete; 422 with a field error for a wrong password. Every session ends on success. */
export async function deleteAccount(body: DeleteAccountBody) {
  return checked(api(accountApi.delete, { body }), () =>
    import('@trostnetz/contracts/account').then((c) => c.deletionScheduled),
  );
}

export const useDeleteAccount = () => useMutation({ mutationFn: deleteAccount });
