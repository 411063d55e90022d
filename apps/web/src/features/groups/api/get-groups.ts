import { queryOptions, useQuery } from '@tanstack/react-query';
import type { GroupsResponse } from '@trostnetz/contracts/groups';
import { groupsApi } from '@trostnetz/contracts/groups.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { getLocale } from '../../../lib/i18n.ts';
import { groupKeys } from './keys.ts';

/** GET /api/group?locale=: the categories with their groups, member counts, joined and unread. */
export async function getGroups(locale: string): Promise<GroupsResponse> {
  return checked(api(groupsApi.list, { search: `?locale=${locale}` }), () =>
    import('@trostnetz/contracts/groups').then((c) => c.groupsResponse),
  );
}

export const groupsQuery = (locale: string) =>
  queryOptions({ queryKey: groupKeys.list(locale), queryFn: () => getGroups(locale) });

export const useGroups = () => useQuery(groupsQuery(getLocale()));
