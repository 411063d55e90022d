import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../test/factories.ts';
import { REFRESH_PATH } from './api-client.ts';
import { setCookie } from './cookies.ts';
import { clearSession, restoreSession, startSession } from './session.ts';
import { useUserStore } from './storage/user-store.ts';
import { ACCESS_TOKEN_KEY, getAccessToken, getRefreshToken, REFRESH_TOKEN_KEY } from './tokens.ts';

const fetchMock = vi.fn();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  useUserStore.setState({ user: null, status: 'unknown' });
});
afterEach(() => vi.unstubAllGlobals());

describe('SPEC.md §4 Session at start', () => {
  it('both tokens: restored without a call; the guard fetches the member later', async () => {
    setCookie(ACCESS_TOKEN_KEY, 'a');
    setCookie(REFRESH_TOKEN_KEY, 'r');
    await restoreSession();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useUserStore.getState().status).toBe('unknown');
  });

  it('only the refresh token: a refresh is attempted and the new pair stored', async () => {
    setCookie(REFRESH_TOKEN_KEY, 'r');
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ token: 'a2', refresh_token: 'r2' }), { status: 200 }),
    );
    await restoreSession();
    expect(fetchMock.mock.calls[0]?.[0]).toBe(REFRESH_PATH);
    expect(getAccessToken()).toBe('a2');
    expect(getRefreshToken()).toBe('r2');
    expect(useUserStore.getState().status).toBe('unknown');
  });

  it('only one token and the refresh fails: state reset (401 state)', async () => {
    setCookie(REFRESH_TOKEN_KEY, 'r');
    fetchMock.mockResolvedValue(new Response('{}', { status: 401 }));
    await restoreSession();
    expect(useUserStore.getState().status).toBe('unauthenticated');
    expect(getRefreshToken()).toBeNull();
  });

  it('no token: state reset to the 401 state', async () => {
    await restoreSession();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(useUserStore.getState().status).toBe('unauthenticated');
  });
});

describe('session storage', () => {
  it('access token in cookies (1 day) and localStorage, refresh token in a 7-day cookie; member under user_storage', () => {
    const cookies: string[] = [];
    const spy = vi.spyOn(document, 'cookie', 'set').mockImplementation((c: string) => void cookies.push(c));
    startSession({ token: 'a', refresh_token: 'r' }, buildUser());
    spy.mockRestore();
    const access = cookies.find((c) => c.startsWith('prod-access-token=a'));
    const refresh = cookies.find((c) => c.startsWith('prod-refresh-token=r'));
    const days = (c = '') =>
      Math.round((Date.parse(/expires=([^;]+)/.exec(c)?.[1] ?? '') - Date.now()) / 86_400_000);
    expect(days(access)).toBe(1);
    expect(days(refresh)).toBe(7);
    expect(access).toContain('path=/');
    expect(access).toContain('SameSite=Lax');
    expect(localStorage.getItem('prod-access-token')).toBe('a');
    expect(JSON.parse(localStorage.getItem('user_storage') ?? '{}').state.user.nickname).toBe('Anna');
  });

  it('clearSession forgets tokens and member and sets the 401 state', () => {
    startSession({ token: 'a', refresh_token: 'r' }, buildUser());
    clearSession();
    expect(getAccessToken()).toBeNull();
    expect(getRefreshToken()).toBeNull();
    expect(useUserStore.getState()).toMatchObject({ user: null, status: 'unauthenticated' });
  });
});
