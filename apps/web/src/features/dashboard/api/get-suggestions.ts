import { queryOptions, useQuery } from '@tanstack/react-query';
import { suggestionsQueryKey } from '../../../domain/friendship/friendship.ts';
import { checked } from '../../../lib/answer.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/user/matching/suggestions → {suggestions, limit} (3 free, 10 premium). */
export async function getSuggestions() {
  return checked(apiRequest<unknown>('/api/user/matching/suggestions'), () =>
    import('@trostnetz/contracts/partners').then((c) => c.suggestionsResponse),
  );
}

export const suggestionsQuery = queryOptions({ queryKey: suggestionsQueryKey, queryFn: getSuggestions });

export const useSuggestions = (enabled: boolean) => useQuery({ ...suggestionsQuery, enabled });
