import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ModerationNotices, moderationNotices } from '@trostnetz/contracts/moderation';
import { apiRequest } from '../../../lib/api-client.ts';

export const noticesKey = ['moderation', 'notices'] as const;

/** GET /api/moderation/notices: my statements of reasons, newest first, each with its appeal. */
export const noticesQuery = queryOptions({
  queryKey: noticesKey,
  queryFn: async (): Promise<ModerationNotices> =>
    moderationNotices.parse(await apiRequest<unknown>('/api/moderation/notices')),
});

export const useNotices = () => useQuery(noticesQuery);
