import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyReports } from '@trostnetz/contracts/moderation';
import { moderationApi } from '@trostnetz/contracts/moderation.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/moderation/reports: what I reported and what became of it, newest first. */
export const myReportsQuery = queryOptions({
  queryKey: ['moderation', 'reports'] as const,
  queryFn: async (): Promise<MyReports> =>
    checked(api(moderationApi.myReports), () =>
      import('@trostnetz/contracts/moderation').then((c) => c.myReports),
    ),
});

export const useMyReports = () => useQuery(myReportsQuery);
