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

function nextTask() {
  return new Promise<void>((resolve) => setTimeout(resolve, 0));
}

/**
 * Everything loaded so far is refetched (once the live connection stands, SPEC.md §8, and after a language
 * switch): every query is stale at once, and those on screen are fetched again one per task. Starting a
 * request costs the main thread a few milliseconds on a slow phone, and a screen shows half a dozen queries:
 * started together they blocked input for a tenth of a second after every connect (issue 13). A fetch still
 * under way is fetched again too, since it may have been answered before the connection stood.
 */
export async function refetchAll(client: QueryClient): Promise<void> {
  await client.invalidateQueries({ refetchType: 'none' });
  for (const query of client.getQueryCache().findAll({ type: 'active' })) {
    await nextTask();
    const refetch = () => client.refetchQueries({ queryKey: query.queryKey, exact: true, type: 'active' });
    // A refetch restarts a fetch under way only once the query has data; a first answer still on its way
    // is waited for and then fetched again.
    const firstAnswer = query.state.data === undefined ? query.promise : undefined;
    void (firstAnswer ? firstAnswer.then(refetch, refetch) : refetch());
  }
}

/**
 * The server answers in the request's language (match reasons, questionnaire texts, messages): after a
 * language switch what is on screen is fetched again, so nothing stays in the old language.
 */
export function refetchOnLanguageChange(client: QueryClient): () => void {
  const refetch = () => void refetchAll(client);
  i18n.on('languageChanged', refetch);
  return () => i18n.off('languageChanged', refetch);
}
refetchOnLanguageChange(queryClient);
