import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type ChangeNicknameBody, type SettingsMe, settingsMe } from '@trostnetz/contracts/settings';
import { apiRequest } from '../../../lib/api-client.ts';
import { useUserStore } from '../../../lib/storage/user-store.ts';
import { settingsQuery } from './get-settings.ts';

/** POST /api/settings/change-nickname: answers the settings with the new nickname. */
export async function changeNickname(body: ChangeNicknameBody): Promise<SettingsMe> {
  return settingsMe.parse(
    await apiRequest<unknown>('/api/settings/change-nickname', { method: 'POST', body }),
  );
}

export function useChangeNickname() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeNickname,
    onSuccess: (data) => {
      queryClient.setQueryData(settingsQuery.queryKey, data);
      useUserStore.getState().setUser(data.user);
    },
  });
}
