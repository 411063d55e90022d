import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailBody } from '@trostnetz/contracts/settings';
import { settingsApi } from '@trostnetz/contracts/settings.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';
import { settingsQuery } from './get-settings.ts';

/** POST /api/settings/change-email: 202 alike for a free or a taken address; the link confirms it. */
export async function changeEmail(body: ChangeEmailBody): Promise<string> {
  return (
    await checked(api(settingsApi.changeEmail, { body, expectStatus: 202 }), () =>
      import('@trostnetz/contracts/auth').then((c) => c.messageResponse),
    )
  ).message;
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: settingsQuery.queryKey }),
  });
}
