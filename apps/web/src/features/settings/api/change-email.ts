import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangeEmailBody } from '@trostnetz/contracts/settings';
import { checked } from '../../../lib/answer.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { settingsQuery } from './get-settings.ts';

/** POST /api/settings/change-email: 202 alike for a free or a taken address; the link confirms it. */
export async function changeEmail(body: ChangeEmailBody): Promise<string> {
  return (
    await checked(
      apiRequest<unknown>('/api/settings/change-email', { method: 'POST', body, expectStatus: 202 }),
      () => import('@trostnetz/contracts/auth').then((c) => c.messageResponse),
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
