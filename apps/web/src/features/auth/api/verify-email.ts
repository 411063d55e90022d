import { useQuery } from '@tanstack/react-query';
import { authApi } from '@trostnetz/contracts/auth.endpoints';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/verify/{user_id}/{hash} with the link's query string unchanged.
 * SPEC.md §5/§8: only HTTP 204 counts as success.
 */
export async function verifyEmail(userId: string, hash: string, search: string): Promise<void> {
  await api(authApi.verifyEmail, {
    params: { user_id: userId, hash },
    search,
    expectStatus: 204,
  });
}

/** A query (not a mutation) so that the call runs once per link, also under StrictMode. */
export const useVerifyEmail = (userId: string, hash: string, search: string) =>
  useQuery({
    queryKey: ['verify-email', userId, hash, search],
    queryFn: async () => {
      await verifyEmail(userId, hash, search);
      return true;
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
