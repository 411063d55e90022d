import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ContentPage, type ContentSlug, contentPage } from '@trostnetz/contracts/content';
import type { Locale } from '@trostnetz/contracts/messages';
import { apiRequest } from '../../../lib/api-client.ts';
import { useLocale } from './use-locale.ts';

/** GET /api/content/{slug}?locale= (the server falls back to German). */
export async function getContentPage(slug: ContentSlug, locale: Locale): Promise<ContentPage> {
  return contentPage.parse(
    await apiRequest<unknown>(`/api/content/${slug}`, { search: `?locale=${locale}` }),
  );
}

export const contentPageQuery = (slug: ContentSlug, locale: Locale) =>
  queryOptions({
    queryKey: ['content', slug, locale],
    queryFn: () => getContentPage(slug, locale),
    staleTime: 5 * 60_000,
  });

export const useContentPage = (slug: ContentSlug) => useQuery(contentPageQuery(slug, useLocale()));
