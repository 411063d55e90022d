import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GroupSummary, NotificationLevel } from '@trostnetz/contracts/groups';
import { groupsApi } from '@trostnetz/contracts/groups.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { groupKeys } from './keys.ts';

/**
 * POST /api/group/{id}/membership → the group (joined); DELETE → 204 (left);
 * PUT {notification_level} → the group. The three calls of one resource, the membership.
 */
export async function joinGroup(id: number): Promise<GroupSummary> {
  return checked(api(groupsApi.join, { params: { id } }), () =>
    import('@trostnetz/contracts/groups').then((c) => c.groupSummary),
  );
}

export async function leaveGroup(id: number): Promise<void> {
  await api(groupsApi.leave, { params: { id } });
}

export async function setNotificationLevel(id: number, level: NotificationLevel): Promise<GroupSummary> {
  return checked(
    api(groupsApi.updateMembership, { params: { id }, body: { notification_level: level } }),
    () => import('@trostnetz/contracts/groups').then((c) => c.groupSummary),
  );
}

export function useMembership() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: groupKeys.all });
  return {
    join: useMutation({ mutationFn: joinGroup, onSettled: refresh }),
    leave: useMutation({ mutationFn: leaveGroup, onSettled: refresh }),
    level: useMutation({
      mutationFn: ({ id, level }: { id: number; level: NotificationLevel }) =>
        setNotificationLevel(id, level),
      onSettled: refresh,
    }),
  };
}
