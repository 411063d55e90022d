import { useMutation } from '@tanstack/react-query';
import { matchingApi } from '@trostnetz/contracts/matching.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { useUserStore } from '../../../lib/storage/user-store.ts';

/** POST /api/user/matching/reset → {matching_step: 1}: answer the questionnaire again. */
export async function resetMatching() {
  const answer = await checked(api(matchingApi.reset), () =>
    import('@trostnetz/contracts/questionnaire').then((c) => c.answerStepResponse),
  );
  const { user, setUser } = useUserStore.getState();
  if (user) setUser({ ...user, matching_step: answer.matching_step });
  return answer;
}

export const useResetMatching = () => useMutation({ mutationFn: resetMatching });
