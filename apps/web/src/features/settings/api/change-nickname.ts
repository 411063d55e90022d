import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeNicknameBody, SettingsMe } from '@trostnetz/contracts/settings';
import { settingsApi } from '@trostnetz/contracts/settings.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { useUserStore } from '../../../lib/storage/user-store.ts';
import { settingsQuery } from './get-settings.ts';

/** POST /api/settings/change-nickname: answers the settings with the new nickname. */
export async function changeNickname(body: ChangeNicknameBody): Promise<SettingsMe> {
  return checked(api(settingsApi.changeNickname, { body }), () =>
    import('@trostnetz/contracts/settings').then((c) => c.settingsMe),
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
