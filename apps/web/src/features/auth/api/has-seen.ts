import { useMutation } from '@tanstack/react-query';
import { hasSeenBody } from '@trostnetz/contracts/user';
import { userApi } from '@trostnetz/contracts/user.endpoints';
import type { z } from 'zod';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { useUserStore } from '../../../lib/storage/user-store.ts';

/** POST /api/user/has-seen {element} → {has_seen}: remembers that a hint was shown. */
export async function markSeen(body: z.input<typeof hasSeenBody>): Promise<string[]> {
  const { has_seen } = await checked(api(userApi.hasSeen, { body: hasSeenBody.parse(body) }), () =>
    import('@trostnetz/contracts/user').then((c) => c.hasSeenResponse),
  );
  const { user, setUser } = useUserStore.getState();
  if (user) setUser({ ...user, has_seen });
  return has_seen;
}

export const useMarkSeen = () => useMutation({ mutationFn: markSeen });
