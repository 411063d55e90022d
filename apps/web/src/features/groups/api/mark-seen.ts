import { apiRequest } from '../../../lib/api-client.ts';

/** POST /api/group/{id}/seen → 204: my last visit of the group is now (its unread markers count from it). */
export async function markGroupSeen(id: number): Promise<void> {
  await apiRequest<void>(`/api/group/${id}/seen`, { method: 'POST' });
}

/** POST /api/post/{id}/seen → 204: my last visit of the post (its comments' unread markers). */
export async function markPostSeen(id: number): Promise<void> {
  await apiRequest<void>(`/api/post/${id}/seen`, { method: 'POST' });
}
