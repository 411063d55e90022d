import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { notificationsQuery } from './get-notifications.ts';

/** POST /api/notifications/read: these notifications (all when none are named) are read. */
export async function markNotificationsRead(ids?: number[]): Promise<void> {
  await apiRequest<unknown>('/api/notifications/read', { method: 'POST', body: ids ? { ids } : {} });
}

export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () => client.invalidateQueries({ queryKey: notificationsQuery.queryKey, exact: true }),
  });
}
