import { queryOptions, useQuery } from '@tanstack/react-query';
import type { FaqResponse } from '@trostnetz/contracts/content';
import { contentApi } from '@trostnetz/contracts/content.endpoints';
import type { Locale } from '@trostnetz/contracts/messages';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { useLocale } from './use-locale.ts';

/** GET /api/faq?locale= (the server falls back to German). */
export async function getFaq(locale: Locale): Promise<FaqResponse> {
  return checked(api(contentApi.faq, { search: `?locale=${locale}` }), () =>
    import('@trostnetz/contracts/content').then((c) => c.faqResponse),
  );
}

export const faqQuery = (locale: Locale) =>
  queryOptions({ queryKey: ['faq', locale], queryFn: () => getFaq(locale), staleTime: 5 * 60_000 });

export const useFaq = () => useQuery(faqQuery(useLocale()));
