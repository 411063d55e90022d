import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SessionView, sessionList } from '@trostnetz/contracts/settings';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/settings/sessions: the member's live sessions, the current one marked. */
export async function getSessions(): Promise<SessionView[]> {
  return sessionList.parse(await apiRequest<unknown>('/api/settings/sessions')).data;
}

export const sessionsQuery = queryOptions({ queryKey: ['settings', 'sessions'], queryFn: getSessions });

export const useSessions = () => useQuery(sessionsQuery);
