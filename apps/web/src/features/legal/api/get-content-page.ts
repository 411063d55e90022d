import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentPage, ContentSlug } from '@trostnetz/contracts/content';
import { contentApi } from '@trostnetz/contracts/content.endpoints';
import type { Locale } from '@trostnetz/contracts/messages';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { useLocale } from './use-locale.ts';

/** GET /api/content/{slug}?locale= (the server falls back to German). */
export async function getContentPage(slug: ContentSlug, locale: Locale): Promise<ContentPage> {
  return checked(api(contentApi.page, { params: { slug }, search: `?locale=${locale}` }), () =>
    import('@trostnetz/contracts/content').then((c) => c.contentPage),
  );
}

export const contentPageQuery = (slug: ContentSlug, locale: Locale) =>
  queryOptions({
    queryKey: ['content', slug, locale],
    queryFn: () => getContentPage(slug, locale),
    staleTime: 5 * 60_000,
  });

export const useContentPage = (slug: ContentSlug) => useQuery(contentPageQuery(slug, useLocale()));
