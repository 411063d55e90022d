import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupDetail } from '@trostnetz/contracts/groups';
import { groupsApi } from '@trostnetz/contracts/groups.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { groupKeys } from './keys.ts';

/** GET /api/group/{id}: the group with my membership and my last visit. */
export async function getGroup(id: number): Promise<GroupDetail> {
  return checked(api(groupsApi.one, { params: { id } }), () =>
    import('@trostnetz/contracts/groups').then((c) => c.groupDetail),
  );
}

export const groupQuery = (id: number) =>
  queryOptions({ queryKey: groupKeys.group(id), queryFn: () => getGroup(id) });

export const useGroup = (id: number) => useQuery(groupQuery(id));
