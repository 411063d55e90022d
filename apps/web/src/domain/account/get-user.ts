import type { User } from '@trostnetz/contracts/user';
import { adoptAccountLocale } from '../../lib/account-locale.ts';
import { checked } from '../../lib/answer.ts';
import { apiRequest } from '../../lib/api-client.ts';
import { useUserStore } from '../../lib/storage/user-store.ts';

/** GET /api/profile/init: the member; stored as the authenticated user, shown in the account's language. */
export async function getUser(): Promise<User> {
  const user = await checked(apiRequest<unknown>('/api/profile/init'), () =>
    import('@trostnetz/contracts/user').then((c) => c.userSchema),
  );
  useUserStore.getState().setUser(user);
  await adoptAccountLocale(user);
  return user;
}
