import type { User } from '@trostnetz/contracts/user';
import { userApi } from '@trostnetz/contracts/user.endpoints';
import { adoptAccountLocale } from '../../lib/account-locale.ts';
import { checked } from '../../lib/answer.ts';
import { api } from '../../lib/api-client.ts';
import { useUserStore } from '../../lib/storage/user-store.ts';

/** GET /api/profile/init: the member; stored as the authenticated user, shown in the account's language. */
export async function getUser(): Promise<User> {
  const user = await checked(api(userApi.init), () =>
    import('@trostnetz/contracts/user').then((c) => c.userSchema),
  );
  useUserStore.getState().setUser(user);
  await adoptAccountLocale(user);
  return user;
}
