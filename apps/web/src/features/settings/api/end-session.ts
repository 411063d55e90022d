import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionsQuery } from './get-sessions.ts';

/** DELETE /api/settings/sessions/{id}: ends one of the member's sessions (its sockets close). */
export async function endSession(id: string): Promise<void> {
  await apiRequest<void>(`/api/settings/sessions/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    expectStatus: 204,
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endSession,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}
