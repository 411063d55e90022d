import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionView } from '@trostnetz/contracts/settings';
import { checked } from '../../../lib/answer.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/settings/sessions: the member's live sessions, the current one marked. */
export async function getSessions(): Promise<SessionView[]> {
  return (
    await checked(apiRequest<unknown>('/api/settings/sessions'), () =>
      import('@trostnetz/contracts/settings').then((c) => c.sessionList),
    )
  ).data;
}

export const sessionsQuery = queryOptions({ queryKey: ['settings', 'sessions'], queryFn: getSessions });

export const useSessions = () => useQuery(sessionsQuery);
