import { type User, userSchema } from '@trostnetz/contracts/user';
import { apiRequest } from '../../lib/api-client.ts';
import { useUserStore } from '../../lib/storage/user-store.ts';

/** GET /api/profile/init: the member; stored as the authenticated user. */
export async function getUser(): Promise<User> {
  const user = userSchema.parse(await apiRequest<unknown>('/api/profile/init'));
  useUserStore.getState().setUser(user);
  return user;
}
