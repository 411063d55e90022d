import { useMutation, useQueryClient } from '@tanstack/react-query';
import { settingsApi } from '@trostnetz/contracts/settings.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { sessionsQuery } from './get-sessions.ts';

/** DELETE /api/settings/sessions: signs out everywhere else; answers how many sessions ended. */
export async function endOtherSessions(): Promise<number> {
  return (
    await checked(api(settingsApi.endOtherSessions), () =>
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
