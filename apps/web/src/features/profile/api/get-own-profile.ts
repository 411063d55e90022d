import { queryOptions, useQuery } from '@tanstack/react-query';
import { type OwnProfile, ownProfile } from '@trostnetz/contracts/profile';
import { apiRequest } from '../../../lib/api-client.ts';

export const ownProfileKey = ['own-profile'] as const;

/** GET /api/profile/me: motto, about, avatar and who sees which item. */
export async function getOwnProfile(): Promise<OwnProfile> {
  return ownProfile.parse(await apiRequest<unknown>('/api/profile/me'));
}

export const ownProfileQuery = queryOptions({ queryKey: ownProfileKey, queryFn: getOwnProfile });
export const useOwnProfile = () => useQuery(ownProfileQuery);
