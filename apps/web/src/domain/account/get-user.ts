import type { User } from '@trostnetz/contracts/user';
import { apiRequest } from '../../lib/api-client.ts';
import { useUserStore } from '../../lib/storage/user-store.ts';

/** GET /api/profile/init: the member; stored as the authenticated user. */
export async function getUser(): Promise<User> {
  // The schema (and zod) is fetched beside the answer, not with the first screen (issue 13).
  const [{ userSchema }, raw] = await Promise.all([
    import('@trostnetz/contracts/user'),
    apiRequest<unknown>('/api/profile/init'),
  ]);
  const user = userSchema.parse(raw);
  useUserStore.getState().setUser(user);
  return user;
}
