import { useMutation } from '@tanstack/react-query';
import type { LoginBody } from '@trostnetz/contracts/auth';
import { authApi } from '@trostnetz/contracts/auth.endpoints';
import type { User } from '@trostnetz/contracts/user';
import { checked } from '../../lib/answer.ts';
import { api } from '../../lib/api-client.ts';
import { startSession } from '../../lib/session.ts';

/** POST /api/auth/tokens; 401 invalid_credentials is never renewed. */
export async function login(body: LoginBody): Promise<User> {
  const answer = await checked(api(authApi.signIn, { body }), () =>
    import('@trostnetz/contracts/auth').then((c) => c.loginResponse),
  );
  await startSession(answer, answer.user);
  return answer.user;
}

export const useLogin = () => useMutation({ mutationFn: login });
