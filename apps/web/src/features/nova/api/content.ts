import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ContentEditBody,
  type ContentSlug,
  contentHistory,
  contentPage,
} from '@trostnetz/contracts/content';
import { staffRequest } from './staff-client.ts';

const historyKey = (slug: ContentSlug, locale: 'de' | 'en') => ['nova', 'content', slug, locale] as const;

/** GET /api/admin/content/{slug}/history?locale=: every published version, the current one first. */
export const useContentHistory = (slug: ContentSlug, locale: 'de' | 'en') =>
  useQuery({
    queryKey: historyKey(slug, locale),
    queryFn: async () =>
      contentHistory
        .parse(await staffRequest<unknown>(`/api/admin/content/${slug}/history`, { query: { locale } }))
        .sort((a, b) => b.version - a.version),
  });

/**
 * PUT /api/admin/content/{slug}: publishes a new version. Restoring an earlier one publishes its text
 * again, so the history stays complete (nothing is overwritten or taken back).
 */
export function usePublishContent(slug: ContentSlug) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ContentEditBody) =>
      contentPage.parse(await staffRequest<unknown>(`/api/admin/content/${slug}`, { method: 'PUT', body })),
    onSuccess: (_page, body) => queryClient.invalidateQueries({ queryKey: historyKey(slug, body.locale) }),
  });
}
