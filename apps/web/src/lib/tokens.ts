import type { TokenPair } from '@trostnetz/contracts/auth';
import { COOKIE_PREFIX, getCookie, removeCookie, setCookie } from './cookies.ts';

/** SPEC.md §4 Session: access token 1 day, refresh token 7 days, access token also in localStorage. */
export const ACCESS_TOKEN_KEY = `${COOKIE_PREFIX}-access-token`;
export const REFRESH_TOKEN_KEY = `${COOKIE_PREFIX}-refresh-token`;
const ACCESS_DAYS = 1;
const REFRESH_DAYS = 7;

/** Optional shared cookie domain (e.g. `.trostnetz.example`) so subdomains see the session. */
const cookieDomain = (): string | undefined => import.meta.env.VITE_COOKIE_DOMAIN || undefined;

type Listener = (accessToken: string | null) => void;
const listeners = new Set<Listener>();

export function getAccessToken(): string | null {
  return getCookie(ACCESS_TOKEN_KEY) ?? safeLocalStorage()?.getItem(ACCESS_TOKEN_KEY) ?? null;
}

export function getRefreshToken(): string | null {
  return getCookie(REFRESH_TOKEN_KEY);
}

export function saveTokens(pair: TokenPair) {
  const domain = cookieDomain();
  setCookie(ACCESS_TOKEN_KEY, pair.token, { days: ACCESS_DAYS, domain });
  setCookie(REFRESH_TOKEN_KEY, pair.refresh_token, { days: REFRESH_DAYS, domain });
  safeLocalStorage()?.setItem(ACCESS_TOKEN_KEY, pair.token);
  for (const l of listeners) l(pair.token);
}

export function clearTokens() {
  const domain = cookieDomain();
  removeCookie(ACCESS_TOKEN_KEY, { domain });
  removeCookie(REFRESH_TOKEN_KEY, { domain });
  // Also drop host-only cookies in case the domain setting changed between deployments.
  if (domain) {
    removeCookie(ACCESS_TOKEN_KEY);
    removeCookie(REFRESH_TOKEN_KEY);
  }
  safeLocalStorage()?.removeItem(ACCESS_TOKEN_KEY);
  for (const l of listeners) l(null);
}

/** Realtime keeps its auth header current through this. */
export function onAccessTokenChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function safeLocalStorage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}
