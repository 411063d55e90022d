import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { contentRestoreBody } from '@trostnetz/contracts/admin';
import { adminContentApi } from '@trostnetz/contracts/admin.endpoints';
import type { ContentEditBody, ContentSlug } from '@trostnetz/contracts/content';
import type { z } from 'zod';
import { checked } from '../../../lib/answer.ts';
import { consoleApi } from '../../../lib/api-client.ts';

const historyKey = (slug: ContentSlug, locale: 'de' | 'en') => ['nova', 'content', slug, locale] as const;

/** GET /api/admin/content/{slug}/history?locale=: every published version, the current one first. */
export const useContentHistory = (slug: ContentSlug, locale: 'de' | 'en') =>
  useQuery({
    queryKey: historyKey(slug, locale),
    queryFn: async () =>
      (
        await checked(consoleApi(adminContentApi.history, { params: { slug }, query: { locale } }), () =>
          import('@trostnetz/contracts/content').then((c) => c.contentHistory),
        )
      ).sort((a, b) => b.version - a.version),
  });

/** PUT /api/admin/content/{slug}: publishes a new version; the earlier ones stay. */
export function usePublishContent(slug: ContentSlug) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: ContentEditBody) =>
      checked(consoleApi(adminContentApi.save, { params: { slug }, body }), () =>
        import('@trostnetz/contracts/content').then((c) => c.contentPage),
      ),
    onSuccess: (_page, body) => queryClient.invalidateQueries({ queryKey: historyKey(slug, body.locale) }),
  });
}

/** POST /api/admin/content/{slug}/restore: an earlier version published again as the newest (audited). */
export function useRestoreContent(slug: ContentSlug) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: z.input<typeof contentRestoreBody>) =>
      checked(consoleApi(adminContentApi.restore, { params: { slug }, body }), () =>
        import('@trostnetz/contracts/content').then((c) => c.contentPage),
      ),
    onSuccess: (_page, body) => queryClient.invalidateQueries({ queryKey: historyKey(slug, body.locale) }),
  });
}
