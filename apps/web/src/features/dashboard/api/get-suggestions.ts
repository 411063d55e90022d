import { queryOptions, useQuery } from '@tanstack/react-query';
import { matchingApi } from '@trostnetz/contracts/matching.endpoints';
import { suggestionsQueryKey } from '../../../domain/friendship/friendship.ts';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/user/matching/suggestions → {suggestions, limit} (3 free, 10 premium). */
export async function getSuggestions() {
  return checked(api(matchingApi.suggestions), () =>
    import('@trostnetz/contracts/partners').then((c) => c.suggestionsResponse),
  );
}

export const suggestionsQuery = queryOptions({ queryKey: suggestionsQueryKey, queryFn: getSuggestions });

export const useSuggestions = (enabled: boolean) => useQuery({ ...suggestionsQuery, enabled });
