import { useMutation } from '@tanstack/react-query';
import { matchingApi } from '@trostnetz/contracts/matching.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { useUserStore } from '../../../lib/storage/user-store.ts';

/**
 * POST /api/user/matching/status toggles the pause. SPEC.md §4 Matching: the member's
 * matching_status changes only when the server answers {success: true}.
 */
export async function toggleMatching() {
  const answer = await checked(api(matchingApi.status), () =>
    import('@trostnetz/contracts/partners').then((c) => c.matchingStatusResponse),
  );
  if (answer.success) {
    const { user, setUser } = useUserStore.getState();
    if (user) setUser({ ...user, matching_status: answer.matching_status });
  }
  return answer;
}

export const useToggleMatching = () => useMutation({ mutationFn: toggleMatching });
