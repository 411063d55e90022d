import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../test/factories.ts';
import { chooseLocale } from './account-locale.ts';
import { getLocale, i18n, LOCALE_STORAGE_KEY, setLocale } from './i18n.ts';
import { startSession } from './session.ts';
import { useUserStore } from './storage/user-store.ts';

const fetchMock = vi.fn();
beforeEach(async () => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  useUserStore.setState({ user: null, status: 'unknown' });
  await setLocale('de');
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await setLocale('de');
});

const sentTo = (path: string) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === path).map(([, init]) => JSON.parse(init.body));

describe("the account's language", () => {
  it("after sign-in the account's language wins over the device's: an English account sees English on a German device", async () => {
    expect(getLocale()).toBe('de');
    await startSession({ token: 'a', refresh_token: 'r' }, buildUser({ locale: 'en' }));
    expect(getLocale()).toBe('en');
    expect(i18n.t('layout:guest.login')).toBe('Sign in');
    expect(document.documentElement.lang).toBe('en');
    expect(localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('en');
  });

  it('a German account signing in on a device set to English sees German', async () => {
    await setLocale('en');
    await startSession({ token: 'a', refresh_token: 'r' }, buildUser({ locale: 'de' }));
    expect(getLocale()).toBe('de');
  });

  it("a signed-in member's language switch is kept in the account, so other devices and the mails follow it", async () => {
    useUserStore.getState().setUser(buildUser({ locale: 'de' }));
    const user = buildUser({ locale: 'en' });
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ user, pending_email: null }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await chooseLocale('en');
    expect(getLocale()).toBe('en');
    expect(sentTo('/api/settings/change-locale')).toEqual([{ locale: 'en' }]);
    expect(useUserStore.getState().user?.locale).toBe('en');
  });

  it("a guest's language switch stays on the device and asks nothing of the server", async () => {
    useUserStore.setState({ user: null, status: 'unauthenticated' });
    await chooseLocale('en');
    expect(getLocale()).toBe('en');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
