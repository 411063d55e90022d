import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsApi } from '@trostnetz/contracts/settings.endpoints';
import { api } from '../../../lib/api-client.ts';
import { sessionsQuery } from './get-sessions.ts';

/** DELETE /api/settings/sessions/{id}: ends one of the member's sessions (its sockets close). */
export async function endSession(id: string): Promise<void> {
  await api(settingsApi.endSession, { params: { id }, expectStatus: 204 });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}
