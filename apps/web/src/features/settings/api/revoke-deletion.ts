import { useMutation } from '@tanstack/react-query';
import type { RevokeDeletionBody } from '@trostnetz/contracts/account';
import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/user/revoke-delete with the token of the mail's link; 403 invalid_link, 410 deletion_final. */
export async function revokeDeletion(body: RevokeDeletionBody): Promise<void> {
  await apiRequest<void>('/api/user/revoke-delete', { method: 'POST', body, expectStatus: 204 });
}

export const useRevokeDeletion = () => useMutation({ mutationFn: revokeDeletion });
