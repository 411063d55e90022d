import { useMutation, useQueryClient } from '@tanstack/react-query';
import { matchingApi } from '@trostnetz/contracts/matching.endpoints';
import { suggestionsQueryKey } from '../../../domain/friendship/friendship.ts';
import { partnersQueryKey } from '../../../domain/partners/partners.ts';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/user/matching/suggestions/more: passes the current ones over and finds new ones. */
export async function moreSuggestions() {
  return checked(api(matchingApi.more), () =>
    import('@trostnetz/contracts/partners').then((c) => c.suggestionsResponse),
  );
}

export function useMoreSuggestions() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: moreSuggestions,
    onSuccess: (answer) => {
      client.setQueryData(suggestionsQueryKey, answer);
      void client.invalidateQueries({ queryKey: partnersQueryKey });
    },
  });
}
