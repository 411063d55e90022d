import { queryOptions, useQuery } from '@tanstack/react-query';
import { type MyReports, myReports } from '@trostnetz/contracts/moderation';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/moderation/reports: what I reported and what became of it, newest first. */
export const myReportsQuery = queryOptions({
  queryKey: ['moderation', 'reports'] as const,
  queryFn: async (): Promise<MyReports> =>
    myReports.parse(await apiRequest<unknown>('/api/moderation/reports')),
});

export const useMyReports = () => useQuery(myReportsQuery);
