import { queryOptions, useQuery } from '@tanstack/react-query';
import { suggestionsResponse } from '@trostnetz/contracts/partners';
import { suggestionsQueryKey } from '../../../domain/friendship/friendship.ts';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/user/matching/suggestions → {suggestions, limit} (3 free, 10 premium). */
export async function getSuggestions() {
  return suggestionsResponse.parse(await apiRequest<unknown>('/api/user/matching/suggestions'));
}

export const suggestionsQuery = queryOptions({ queryKey: suggestionsQueryKey, queryFn: getSuggestions });

export const useSuggestions = (enabled: boolean) => useQuery({ ...suggestionsQuery, enabled });
