import { useMutation } from '@tanstack/react-query';
import type { RevokeDeletionBody } from '@trostnetz/contracts/account';
import { accountApi } from '@trostnetz/contracts/account.endpoints';
import { api } from '../../../lib/api-client.ts';

/** POST /api/user/revoke-delete with the token of the mail's link; 403 invalid_link, 410 deletion_final. */
export async function revokeDeletion(body: RevokeDeletionBody): Promise<void> {
  await api(accountApi.revokeDeletion, { body, expectStatus: 204 });
}

export const useRevokeDeletion = () => useMutation({ mutationFn: revokeDeletion });
