import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyReports } from '@trostnetz/contracts/moderation';
import { checked } from '../../../lib/answer.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/moderation/reports: what I reported and what became of it, newest first. */
export const myReportsQuery = queryOptions({
  queryKey: ['moderation', 'reports'] as const,
  queryFn: async (): Promise<MyReports> =>
    checked(apiRequest<unknown>('/api/moderation/reports'), () =>
      import('@trostnetz/contracts/moderation').then((c) => c.myReports),
    ),
});

export const useMyReports = () => useQuery(myReportsQuery);
