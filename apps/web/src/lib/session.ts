import type { TokenPair } from '@trostnetz/contracts/auth';
import type { User } from '@trostnetz/contracts/user';
import { adoptAccountLocale } from './account-locale.ts';
import { configureSessionHooks, renewTokens } from './api-client.ts';
import { queryClient } from './query-client.ts';
import { useUserStore } from './storage/user-store.ts';
import { clearTokens, getAccessToken, getRefreshToken, saveTokens } from './tokens.ts';

/**
 * Login and register end here: tokens stored, member known, 401 state cleared. Resolves once the
 * account's language is shown.
 */
export function startSession(pair: TokenPair, user: User): Promise<void> {
  saveTokens(pair);
  useUserStore.getState().setUser(user);
  return adoptAccountLocale(user);
}

const clearedListeners = new Set<() => void>();

/**
 * State kept for the member above this layer (the chat store in domain/) registers here to go with
 * the session. Returns a function that unregisters.
 */
export function onSessionCleared(listener: () => void): () => void {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}

/** Reset / logout: tokens, member, chat and cached server data go; the 401 state is set. */
export function clearSession() {
  clearTokens();
  useUserStore.getState().reset();
  for (const listener of clearedListeners) listener();
  queryClient.clear();
}

configureSessionHooks({ clearSession });

/**
 * At start (SPEC.md §4): both tokens → restore (the guard then fetches the member);
 * only one → try a refresh; none → reset.
 */
export async function restoreSession(): Promise<void> {
  const access = getAccessToken();
  const refresh = getRefreshToken();
  if (access && refresh) return;
  if (access || refresh) {
    try {
      await renewTokens();
      return;
    } catch {
      // renewTokens already reset the session.
      return;
    }
  }
  clearSession();
}
