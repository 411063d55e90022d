import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCookie, removeCookie, setCookie } from './cookies.ts';

afterEach(() => vi.restoreAllMocks());

describe('cookies (SPEC.md §9 cookie helper)', () => {
  it('the requests one task starts read the browser cookie store once', () => {
    setCookie('prod-access-token', 'a.b.c');
    const read = vi.spyOn(document, 'cookie', 'get');
    for (let i = 0; i < 6; i++) expect(getCookie('prod-access-token')).toBe('a.b.c');
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('a cookie written here is read back at once, a removed one is gone at once', () => {
    setCookie('prod-access-token', 'first');
    expect(getCookie('prod-access-token')).toBe('first');
    setCookie('prod-access-token', 'second token=with equals');
    expect(getCookie('prod-access-token')).toBe('second token=with equals');
    removeCookie('prod-access-token');
    expect(getCookie('prod-access-token')).toBeNull();
  });

  it('a cookie changed elsewhere (another tab renewing the session) is read in the next task', async () => {
    setCookie('prod-access-token', 'old');
    expect(getCookie('prod-access-token')).toBe('old');
    // biome-ignore lint/suspicious/noDocumentCookie: another tab's write, behind this module's back
    document.cookie = 'prod-access-token=bmV3==; path=/';
    await new Promise((r) => setTimeout(r, 0));
    expect(getCookie('prod-access-token')).toBe('bmV3==');
  });
});
