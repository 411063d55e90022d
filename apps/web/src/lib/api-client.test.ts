import { adminMembersApi } from '@trostnetz/contracts/admin.endpoints';
import { chatApi } from '@trostnetz/contracts/chat.endpoints';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  ApiError,
  api,
  apiRequest,
  configureSessionHooks,
  consoleApi,
  REFRESH_PATH,
  TOKEN_PATH,
} from './api-client.ts';
import { i18n } from './i18n.ts';
import { getStaffToken, saveStaffToken } from './staff-session.ts';
import { getAccessToken, getRefreshToken, saveTokens } from './tokens.ts';

type Handler = (url: string, init: RequestInit) => Response | Promise<Response>;

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const authOf = (init: RequestInit) => (init.headers as Record<string, string>).Authorization;

let fetchMock: ReturnType<typeof vi.fn>;
const clearSession = vi.fn();
const onSessionExpired = vi.fn();

function mockFetch(handler: Handler) {
  fetchMock = vi.fn((url: string, init: RequestInit) => Promise.resolve(handler(url, init)));
  vi.stubGlobal('fetch', fetchMock);
}
const calls = (path: string) => fetchMock.mock.calls.filter(([url]) => url === path);

beforeEach(() => {
  saveTokens({ token: 'old-access', refresh_token: 'old-refresh' });
  clearSession.mockReset();
  onSessionExpired.mockReset();
  configureSessionHooks({ clearSession, onSessionExpired });
});
afterEach(() => vi.unstubAllGlobals());

describe('API client headers (SPEC.md §7)', () => {
  it('sends the bearer token, Accept-Language, both tunnel-bypass headers and credentials', async () => {
    mockFetch(() => json(200, { ok: true }));
    await i18n.changeLanguage('en');
    await apiRequest('/api/profile/init');
    const [, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(init.credentials).toBe('include');
    expect(init.headers).toMatchObject({
      Authorization: 'Bearer old-access',
      'Accept-Language': 'en',
      'ngrok-skip-browser-warning': '1',
      'bypass-tunnel-reminder': '1',
    });
    await i18n.changeLanguage('de');
  });
});

describe('SPEC.md §4 Session: 401 renewal', () => {
  it('renews once and replays the request with the new bearer token', async () => {
    mockFetch((url, init) => {
      if (url === REFRESH_PATH) return json(200, { token: 'new-access', refresh_token: 'new-refresh' });
      return authOf(init) === 'Bearer new-access'
        ? json(200, { id: 1 })
        : json(401, { code: 'invalid_token' });
    });
    await expect(apiRequest('/api/profile/init')).resolves.toEqual({ id: 1 });
    const [, refreshInit] = calls(REFRESH_PATH)[0] as [string, RequestInit];
    expect(refreshInit.method).toBe('GET');
    expect(authOf(refreshInit)).toBe('Bearer old-refresh');
    expect(getAccessToken()).toBe('new-access');
    expect(getRefreshToken()).toBe('new-refresh');
    expect(clearSession).not.toHaveBeenCalled();
  });

  it('parallel 401s during renewal: only one refresh call, all requests replayed with the new token', async () => {
    let releaseRefresh!: () => void;
    const refreshGate = new Promise<void>((r) => {
      releaseRefresh = r;
    });
    mockFetch(async (url, init) => {
      if (url === REFRESH_PATH) {
        await refreshGate;
        return json(200, { token: 'new-access', refresh_token: 'new-refresh' });
      }
      return authOf(init) === 'Bearer new-access' ? json(200, { url }) : json(401, { code: 'invalid_token' });
    });
    const requests = ['/api/a', '/api/b', '/api/c'].map((p) => apiRequest(p));
    await vi.waitFor(() => expect(calls(REFRESH_PATH)).toHaveLength(1));
    // A request started while the renewal runs waits for it instead of earning another 401.
    const late = apiRequest('/api/d');
    releaseRefresh();
    await expect(Promise.all([...requests, late])).resolves.toEqual([
      { url: '/api/a' },
      { url: '/api/b' },
      { url: '/api/c' },
      { url: '/api/d' },
    ]);
    expect(calls(REFRESH_PATH)).toHaveLength(1);
    for (const p of ['/api/a', '/api/b', '/api/c']) {
      expect(calls(p).map(([, init]) => authOf(init as RequestInit))).toEqual([
        'Bearer old-access',
        'Bearer new-access',
      ]);
    }
    expect(calls('/api/d').map(([, init]) => authOf(init as RequestInit))).toEqual(['Bearer new-access']);
  });

  it('a 401 that arrives after another request already renewed replays without a second renewal', async () => {
    let releaseSlow!: () => void;
    const slowGate = new Promise<void>((r) => {
      releaseSlow = r;
    });
    mockFetch(async (url, init) => {
      if (url === REFRESH_PATH) return json(200, { token: 'new-access', refresh_token: 'new-refresh' });
      if (authOf(init) === 'Bearer new-access') return json(200, { url });
      if (url === '/api/slow') await slowGate;
      return json(401, { code: 'invalid_token' });
    });
    const slow = apiRequest('/api/slow');
    await expect(apiRequest('/api/fast')).resolves.toEqual({ url: '/api/fast' });
    releaseSlow();
    await expect(slow).resolves.toEqual({ url: '/api/slow' });
    expect(calls(REFRESH_PATH)).toHaveLength(1);
  });

  it('failed renewal: session cleared, member sent to /login, request rejected with 401', async () => {
    mockFetch((url) => (url === REFRESH_PATH ? json(401, { code: 'invalid_token' }) : json(401, {})));
    const error = await apiRequest('/api/profile/init').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(401);
    expect(clearSession).toHaveBeenCalled();
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('second 401 after the retry: session cleared and /login, no further retry', async () => {
    mockFetch((url) =>
      url === REFRESH_PATH ? json(200, { token: 'new-access', refresh_token: 'new-refresh' }) : json(401, {}),
    );
    await expect(apiRequest('/api/profile/init')).rejects.toMatchObject({ status: 401 });
    expect(calls('/api/profile/init')).toHaveLength(2);
    expect(calls(REFRESH_PATH)).toHaveLength(1);
    expect(clearSession).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).toHaveBeenCalledTimes(1);
  });

  it('the token call (/api/auth/tokens) is never renewed: invalid credentials reach the caller unchanged', async () => {
    mockFetch(() => json(401, { message: 'nope', code: 'invalid_credentials' }));
    await expect(
      apiRequest(TOKEN_PATH, { method: 'POST', body: { username: 'a@b.c', password: 'x' } }),
    ).rejects.toMatchObject({ status: 401, code: 'invalid_credentials' });
    expect(calls(REFRESH_PATH)).toHaveLength(0);
    expect(clearSession).not.toHaveBeenCalled();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('the refresh call itself is never renewed', async () => {
    mockFetch(() => json(401, {}));
    await expect(apiRequest(REFRESH_PATH)).rejects.toMatchObject({ status: 401 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('other errors are rejected unchanged with code and field errors (SPEC.md §8)', async () => {
    mockFetch(() =>
      json(422, {
        message: 'Bitte überprüfe deine Angaben.',
        code: 'validation_failed',
        errors: { email: ['x'] },
      }),
    );
    await expect(apiRequest('/api/register', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 422,
      code: 'validation_failed',
      fieldErrors: { email: ['x'] },
    });
    expect(calls(REFRESH_PATH)).toHaveLength(0);
  });

  it('expectStatus: the e-mail verification treats anything but 204 as failure (SPEC.md §5)', async () => {
    mockFetch(() => json(200, {}));
    await expect(
      apiRequest('/api/verify/1/abc', { method: 'POST', expectStatus: 204 }),
    ).rejects.toBeInstanceOf(ApiError);
    mockFetch(() => new Response(null, { status: 204 }));
    await expect(
      apiRequest('/api/verify/1/abc', { method: 'POST', expectStatus: 204 }),
    ).resolves.toBeUndefined();
  });
});

describe('one client for every endpoint of the tables', () => {
  it('calls the table’s method and path, parameters filled in and encoded, empty query values left out', async () => {
    mockFetch(() => json(200, { ok: true }));
    await api(chatApi.change, { params: { id: 7 }, body: { message: 'Hallo' } });
    await api(chatApi.messages, { params: { partner: 'a/b' }, query: { before: 12, q: '' } });
    const sent = fetchMock.mock.calls.map(([url, init]) => `${(init as RequestInit).method} ${url}`);
    expect(sent).toEqual(['PATCH /api/chat/messages/7', 'GET /api/chat/a%2Fb/messages?before=12']);
    expect((fetchMock.mock.calls[0] as [string, RequestInit])[1].body).toBe('{"message":"Hallo"}');
  });

  it('a parameter left out is refused before anything is sent: by the compiler, and at run time', async () => {
    mockFetch(() => json(200, { ok: true }));
    // @ts-expect-error the path names :partner, so params.partner is required
    await expect(api(chatApi.messages, {})).rejects.toThrow(/"partner" is missing/);
    // @ts-expect-error a name the path does not have
    await expect(api(chatApi.messages, { params: { id: 1 } })).rejects.toThrow(/"partner" is missing/);
    // @ts-expect-error a path without parameters takes none
    await api(chatApi.unread, { params: { id: 1 } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});

describe('the console’s calls: the staff token, never renewed', () => {
  const future = new Date(Date.now() + 3_600_000).toISOString();

  it('carries the staff token, not the member’s', async () => {
    saveStaffToken({ token: 'staff-token', expires_at: future });
    mockFetch(() => json(200, { id: 3 }));
    await expect(consoleApi(adminMembersApi.one, { params: { id: 3 } })).resolves.toEqual({ id: 3 });
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(`${init.method} ${url}`).toBe('GET /api/admin/members/3');
    expect(authOf(init)).toBe('Bearer staff-token');
  });

  it('a 401 ends the staff session at once: no renewal, the member’s session untouched', async () => {
    saveStaffToken({ token: 'staff-token', expires_at: future });
    mockFetch(() => json(401, { code: 'invalid_token', message: 'Abgelaufen' }));
    await expect(consoleApi(adminMembersApi.one, { params: { id: 3 } })).rejects.toMatchObject({
      status: 401,
    });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(calls(REFRESH_PATH)).toHaveLength(0);
    expect(getStaffToken()).toBeNull();
    expect(getAccessToken()).toBe('old-access');
    expect(clearSession).not.toHaveBeenCalled();
    expect(onSessionExpired).not.toHaveBeenCalled();
  });

  it('the member’s calls never carry the staff token', async () => {
    saveStaffToken({ token: 'staff-token', expires_at: future });
    mockFetch(() => json(200, {}));
    await api(chatApi.unread);
    expect(authOf((fetchMock.mock.calls[0] as [string, RequestInit])[1])).toBe('Bearer old-access');
  });
});
