import { queryOptions, useQuery } from '@tanstack/react-query';
import { type SettingsMe, settingsMe } from '@trostnetz/contracts/settings';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /api/settings/me: the member and an address change waiting for its link. */
export async function getSettings(): Promise<SettingsMe> {
  return settingsMe.parse(await apiRequest<unknown>('/api/settings/me'));
}

export const settingsQuery = queryOptions({ queryKey: ['settings', 'me'], queryFn: getSettings });

export const useSettings = () => useQuery(settingsQuery);
