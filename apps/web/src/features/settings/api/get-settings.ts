import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SettingsMe } from '@trostnetz/contracts/settings';
import { settingsApi } from '@trostnetz/contracts/settings.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/settings/me: the member and an address change waiting for its link. */
export async function getSettings(): Promise<SettingsMe> {
  return checked(api(settingsApi.me), () =>
    import('@trostnetz/contracts/settings').then((c) => c.settingsMe),
  );
}

export const settingsQuery = queryOptions({ queryKey: ['settings', 'me'], queryFn: getSettings });

export const useSettings = () => useQuery(settingsQuery);
