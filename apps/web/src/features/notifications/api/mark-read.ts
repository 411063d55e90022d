import { useMutation, useQueryClient } from '@tanstack/react-query';
import { notificationsApi } from '@trostnetz/contracts/notifications.endpoints';
import { api } from '../../../lib/api-client.ts';
import { notificationsQuery } from './get-notifications.ts';

/** POST /api/notifications/read: these notifications (all when none are named) are read. */
export async function markNotificationsRead(ids?: number[]): Promise<void> {
  await api(notificationsApi.markRead, { body: ids ? { ids } : {} });
}

export function useMarkNotificationsRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSettled: () => client.invalidateQueries({ queryKey: notificationsQuery.queryKey, exact: true }),
  });
}
