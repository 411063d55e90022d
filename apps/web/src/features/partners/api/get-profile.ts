import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ForeignProfile } from '@trostnetz/contracts/partners';
import { partnersApi } from '@trostnetz/contracts/partners.endpoints';
import { profileQueryKey } from '../../../domain/friendship/friendship.ts';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/profile/{id}: another member's profile; 404 when hidden, deleted or unknown. */
export async function getProfile(id: number): Promise<ForeignProfile> {
  return checked(api(partnersApi.profile, { params: { id } }), () =>
    import('@trostnetz/contracts/partners').then((c) => c.foreignProfile),
  );
}

export const profileQuery = (id: number) =>
  queryOptions({ queryKey: profileQueryKey(id), queryFn: () => getProfile(id) });

export const useProfile = (id: number) => useQuery({ ...profileQuery(id), enabled: Number.isInteger(id) });
