import type { User } from '@trostnetz/contracts/user';
import { checked } from '../../lib/answer.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { useUserStore } from '../../lib/storage/user-store.ts';

/** GET /api/profile/init: the member; stored as the authenticated user. */
export async function getUser(): Promise<User> {
  const user = await checked(apiRequest<unknown>('/api/profile/init'), () =>
    import('@trostnetz/contracts/user').then((c) => c.userSchema),
  );
  useUserStore.getState().setUser(user);
  return user;
}
