import { useMutation } from '@tanstack/react-query';
import type { RegisterBody } from '@trostnetz/contracts/auth';
import { authApi } from '@trostnetz/contracts/auth.endpoints';
import type { User } from '@trostnetz/contracts/user';
import { checked } from '../../lib/answer.ts';
import { api } from '../../lib/api-client.ts';
import { attributionForRegistration } from '../../lib/attribution.ts';
import { startSession } from '../../lib/session.ts';

/**
 * POST /api/register → 201 {user, token, refresh_token}: signed in, not yet verified. Where the visit
 * came from goes along only when the attribution cookie exists, i.e. with marketing consent.
 */
export async function register(body: RegisterBody): Promise<User> {
  const attribution = attributionForRegistration();
  const answer = await checked(
    api(authApi.register, { body: { ...body, ...(attribution ? { attribution } : {}) } }),
    () => import('@trostnetz/contracts/auth').then((c) => c.loginResponse),
  );
  await startSession(answer, answer.user);
  return answer.user;
}

export const useRegister = () => useMutation({ mutationFn: register });
