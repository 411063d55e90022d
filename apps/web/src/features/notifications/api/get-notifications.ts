import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import type { NotificationList } from '@trostnetz/contracts/notifications';
import { notificationsApi } from '@trostnetz/contracts/notifications.endpoints';
import { useEffect } from 'react';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { realtimeBus } from '../../../lib/realtime.ts';

/** GET /api/notifications: newest first (one entry per partner or post while unread), and the unread count. */
export async function getNotifications(): Promise<NotificationList> {
  return checked(api(notificationsApi.list), () =>
    import('@trostnetz/contracts/notifications').then((c) => c.notificationList),
  );
}

export const notificationsQuery = queryOptions({ queryKey: ['notifications'], queryFn: getNotifications });

/** The list, refetched whenever the member's unread count changes live (a new one, or read elsewhere). */
export function useNotifications(enabled = true) {
  const client = useQueryClient();
  useEffect(() => {
    if (!enabled) return;
    return realtimeBus.on('NotificationsChanged', ({ unread }) => {
      const known = client.getQueryData(notificationsQuery.queryKey);
      if (known?.unread !== unread)
        void client.invalidateQueries({ queryKey: notificationsQuery.queryKey, exact: true });
    });
  }, [client, enabled]);
  return useQuery({ ...notificationsQuery, enabled });
}
