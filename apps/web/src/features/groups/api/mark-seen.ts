import { groupsApi } from '@trostnetz/contracts/groups.endpoints';
import { api } from '../../../lib/api-client.ts';

/** POST /api/group/{id}/seen → 204: my last visit of the group is now (its unread markers count from it). */
export async function markGroupSeen(id: number): Promise<void> {
  await api(groupsApi.markSeen, { params: { id } });
}

/** POST /api/post/{id}/seen → 204: my last visit of the post (its comments' unread markers). */
export async function markPostSeen(id: number): Promise<void> {
  await api(groupsApi.markPostSeen, { params: { id } });
}
