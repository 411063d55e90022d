import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnProfile } from '@trostnetz/contracts/profile';
import { profileApi } from '@trostnetz/contracts/profile.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

export const ownProfileKey = ['own-profile'] as const;

/** GET /api/profile/me: motto, about, avatar and who sees which item. */
export async function getOwnProfile(): Promise<OwnProfile> {
  return checked(api(profileApi.me), () => import('@trostnetz/contracts/profile').then((c) => c.ownProfile));
}

export const ownProfileQuery = queryOptions({ queryKey: ownProfileKey, queryFn: getOwnProfile });
export const useOwnProfile = () => useQuery(ownProfileQuery);
