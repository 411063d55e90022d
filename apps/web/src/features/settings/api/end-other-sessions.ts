import { useMutation, useQueryClient } from '@tanstack/react-query';
import { checked } from '../../../lib/answer.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { sessionsQuery } from './get-sessions.ts';

/** DELETE /api/settings/sessions: signs out everywhere else; answers how many sessions ended. */
export async function endOtherSessions(): Promise<number> {
  return (
    await checked(apiRequest<unknown>('/api/settings/sessions', { method: 'DELETE' }), () =>
      import('@trostnetz/contracts/settings').then((c) => c.endedSessions),
    )
  ).ended;
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endOtherSessions,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}
