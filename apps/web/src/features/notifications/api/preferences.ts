import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationPreferences,
  UpdateNotificationPreferences,
} from '@trostnetz/contracts/notifications';
import { notificationsApi } from '@trostnetz/contracts/notifications.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/user/notifications: kind × channel, quiet hours, time zone, product news, the push key. */
export async function getPreferences(): Promise<NotificationPreferences> {
  return checked(api(notificationsApi.preferences), () =>
    import('@trostnetz/contracts/notifications').then((c) => c.notificationPreferences),
  );
}

export const preferencesQuery = queryOptions({
  queryKey: ['notifications', 'preferences'],
  queryFn: getPreferences,
});

export const usePreferences = () => useQuery(preferencesQuery);

/** PUT /api/user/notifications; the browser's time zone goes along, so quiet hours are the member's own. */
export async function putPreferences(body: UpdateNotificationPreferences): Promise<NotificationPreferences> {
  const time_zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return checked(api(notificationsApi.savePreferences, { body: { time_zone, ...body } }), () =>
    import('@trostnetz/contracts/notifications').then((c) => c.notificationPreferences),
  );
}

/** Shows chosen kinds × channels and quiet hours in the cached preferences at once; the previous state back. */
export function showChoices(client: QueryClient, body: UpdateNotificationPreferences) {
  const key = preferencesQuery.queryKey;
  const before = client.getQueryData(key);
  if (before) {
    const choices = { ...before.choices };
    for (const [kind, given] of Object.entries(body.choices ?? {})) {
      const k = kind as keyof typeof choices;
      choices[k] = { ...choices[k], ...given };
    }
    client.setQueryData(key, { ...before, choices, quiet_hours: body.quiet_hours ?? before.quiet_hours });
  }
  return before;
}

export function useUpdatePreferences() {
  const client = useQueryClient();
  const key = preferencesQuery.queryKey;
  const mutation = useMutation({
    mutationFn: putPreferences,
    // The choice shows at once (`choose` below, in the same event, so a checkbox never jumps back); a refusal
    // puts the previous state back. A refetch still under way (the list marked as read refreshes everything
    // under 'notifications') is cancelled first and the choice shown again, or its older answer would undo
    // the choice on screen until the server's answer arrives.
    onMutate: async (body) => {
      await client.cancelQueries({ queryKey: key });
      showChoices(client, body);
    },
    onSuccess: (data) => client.setQueryData(key, data),
  });
  /** Shows the choice in the same event that made it, then saves it; a refusal puts the previous state back. */
  const choose = (body: UpdateNotificationPreferences) => {
    const before = client.getQueryData(key);
    showChoices(client, body);
    mutation.mutate(body, {
      onError: () => {
        if (before) client.setQueryData(key, before);
      },
    });
  };
  return { ...mutation, choose };
}
