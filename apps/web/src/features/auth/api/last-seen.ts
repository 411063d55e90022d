import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/profile/last_seen → 204. */
export async function postLastSeen(): Promise<void> {
  await apiRequest<void>('/api/profile/last_seen', { method: 'POST' });
}
