import { userApi } from '@trostnetz/contracts/user.endpoints';
import { api } from '../../../lib/api-client.ts';

/** POST /api/profile/last_seen → 204. */
export async function postLastSeen(): Promise<void> {
  await api(userApi.lastSeen);
}
