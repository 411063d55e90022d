import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionView } from '@trostnetz/contracts/settings';
import { settingsApi } from '@trostnetz/contracts/settings.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/settings/sessions: the member's live sessions, the current one marked. */
export async function getSessions(): Promise<SessionView[]> {
  return (
    await checked(api(settingsApi.sessions), () =>
      import('@trostnetz/contracts/settings').then((c) => c.sessionList),
    )
  ).data;
}

export const sessionsQuery = queryOptions({ queryKey: ['settings', 'sessions'], queryFn: getSessions });

export const useSessions = () => useQuery(sessionsQuery);
