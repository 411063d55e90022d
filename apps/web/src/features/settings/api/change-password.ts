import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordBody } from '@trostnetz/contracts/settings';
import { settingsApi } from '@trostnetz/contracts/settings.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { sessionsQuery } from './get-sessions.ts';

/** POST /api/settings/change-password: every other session ends; 422 on current_password when wrong. */
export async function changePassword(body: ChangePasswordBody): Promise<string> {
  return (
    await checked(api(settingsApi.changePassword, { body }), () =>
      import('@trostnetz/contracts/auth').then((c) => c.messageResponse),
    )
  ).message;
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionsQuery.queryKey }),
  });
}
