import { useQuery } from '@tanstack/react-query';
import { settingsApi } from '@trostnetz/contracts/settings.endpoints';
import { checked } from '../../../lib/answer.ts';
import { api } from '../../../lib/api-client.ts';

export type EmailLinkKind = 'confirm' | 'undo';

/** POST /api/settings/email/{confirm|undo} with the token from the mail's link; answers the server's message. */
export async function followEmailLink(kind: EmailLinkKind, token: string): Promise<string> {
  return (
    await checked(
      api(kind === 'confirm' ? settingsApi.confirmEmail : settingsApi.undoEmail, {
        body: { token },
      }),
      () => import('@trostnetz/contracts/auth').then((c) => c.messageResponse),
    )
  ).message;
}

/** A query (not a mutation) so that the link is used once, also under StrictMode. */
export const useEmailLink = (kind: EmailLinkKind, token: string) =>
  useQuery({
    queryKey: ['email-link', kind, token],
    queryFn: () => followEmailLink(kind, token),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: Number.POSITIVE_INFINITY,
  });
