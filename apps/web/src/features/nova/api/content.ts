import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { contentRestoreBody } from '@trostnetz/contracts/admin';
import {
  type ContentEditBody,
  type ContentSlug,
  contentHistory,
  contentPage,
} from '@trostnetz/contracts/content';
import type { z } from 'zod';
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

/** PUT /api/admin/content/{slug}: publishes a new version; the earlier ones stay. */
export function usePublishContent(slug: ContentSlug) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ContentEditBody) =>
      contentPage.parse(await staffRequest<unknown>(`/api/admin/content/${slug}`, { method: 'PUT', body })),
    onSuccess: (_page, body) => queryClient.invalidateQueries({ queryKey: historyKey(slug, body.locale) }),
  });
}

/** POST /api/admin/content/{slug}/restore: an earlier version published again as the newest (audited). */
export function useRestoreContent(slug: ContentSlug) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof contentRestoreBody>) =>
      contentPage.parse(
        await staffRequest<unknown>(`/api/admin/content/${slug}/restore`, { method: 'POST', body }),
      ),
    onSuccess: (_page, body) => queryClient.invalidateQueries({ queryKey: historyKey(slug, body.locale) }),
  });
}
