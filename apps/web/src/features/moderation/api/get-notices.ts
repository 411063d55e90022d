import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ModerationNotices } from '@trostnetz/contracts/moderation';
import { moderationApi } from '@trostnetz/contracts/moderation.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

export const noticesKey = ['moderation', 'notices'] as const;

/** GET /api/moderation/notices: my statements of reasons, newest first, each with its appeal. */
export const noticesQuery = queryOptions({
  queryKey: noticesKey,
  queryFn: async (): Promise<ModerationNotices> =>
    checked(api(moderationApi.notices), () =>
      import('@trostnetz/contracts/moderation').then((c) => c.moderationNotices),
    ),
});

export const useNotices = () => useQuery(noticesQuery);
