import { queryOptions, useQuery } from '@tanstack/react-query';
import { type GroupsResponse, groupsResponse } from '@trostnetz/contracts/groups';
import { apiRequest } from '../../../lib/api-client.ts';
import { getLocale } from '../../../lib/i18n.ts';
import { groupKeys } from './keys.ts';

/** GET /api/group?locale=: the categories with their groups, member counts, joined and unread. */
export async function getGroups(locale: string): Promise<GroupsResponse> {
  return groupsResponse.parse(await apiRequest<unknown>('/api/group', { search: `?locale=${locale}` }));
}

export const groupsQuery = (locale: string) =>
  queryOptions({ queryKey: groupKeys.list(locale), queryFn: () => getGroups(locale) });

export const useGroups = () => useQuery(groupsQuery(getLocale()));
