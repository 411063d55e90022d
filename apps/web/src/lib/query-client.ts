import { QueryClient } from '@tanstack/react-query';
import { isApiError } from './api-client.ts';
import { i18n } from './i18n.ts';

export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Client errors do not get better by retrying.
      retry: (count, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && count < 2,
    },
    mutations: { retry: false },
  },
});

/**
 * The server answers in the request's language (match reasons, questionnaire texts, messages): after a
 * language switch what is on screen is fetched again, so nothing stays in the old language.
 */
export function refetchOnLanguageChange(client: QueryClient): () => void {
  const refetch = () => void client.invalidateQueries();
  i18n.on('languageChanged', refetch);
  return () => i18n.off('languageChanged', refetch);
}
refetchOnLanguageChange(queryClient);
