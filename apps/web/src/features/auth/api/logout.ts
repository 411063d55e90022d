import { authApi } from '@trostnetz/contracts/auth.endpoints';
import { api } from '../../../lib/api-client.ts';
import { clearSession } from '../../../lib/session.ts';

/** DELETE /api/auth/tokens/revoke; the local session ends even when the call fails. */
export async function logout(): Promise<void> {
  try {
    await api(authApi.signOut);
  } finally {
    clearSession();
  }
}
