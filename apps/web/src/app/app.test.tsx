import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCookie } from '../lib/cookies.ts';
import { buildUser } from '../test/factories.ts';
import { jsonResponse, WARM_UP_MS, warmUpApp } from '../test/render.tsx';

const leaveTo = vi.fn();
vi.mock('../lib/external-navigation.ts', () => ({ leaveTo: (url: string) => leaveTo(url) }));

const config = {
  app_name: 'Trostnetz',
  onboarding_url: '/onboarding',
  pusher: { key: '', cluster: 'eu', host: null, port: null, scheme: null },
  analytics: null,
};

let member: ReturnType<typeof buildUser> | null = null;
/** What the home screen shows a member past the questionnaire; whether a screen's heading showed when each was asked for. */
const HOME_DATA = ['/api/chat/partners', '/api/user/matching/suggestions', '/api/dashboard/feeds'];
const headingShownWhenAsked = new Map<string, boolean>();
/** While set, the partner list is answered only once it resolves (a navigation's loader still under way). */
let partnersHeldUntil: Promise<void> | null = null;
const fetchMock = vi.fn((url: string) => {
  if (url === '/api/chat/partners' && partnersHeldUntil)
    return partnersHeldUntil.then(() => jsonResponse(200, []));
  if (HOME_DATA.includes(url)) {
    headingShownWhenAsked.set(url, document.querySelector('[data-page-heading]') !== null);
    if (url.endsWith('suggestions')) return Promise.resolve(jsonResponse(200, { suggestions: [], limit: 3 }));
    if (url.endsWith('feeds'))
      return Promise.resolve(jsonResponse(200, { replies: [], partner_posts: [], loss_posts: [] }));
    return Promise.resolve(jsonResponse(200, []));
  }
  if (url === '/api/config') return Promise.resolve(jsonResponse(200, config));
  if (url === '/api/profile/init')
    return Promise.resolve(
      member ? jsonResponse(200, member) : jsonResponse(401, { code: 'unauthenticated' }),
    );
  if (url === '/api/settings/me') return Promise.resolve(jsonResponse(401, { code: 'invalid_token' }));
  if (url === '/api/auth/tokens/refresh')
    return Promise.resolve(jsonResponse(401, { code: 'invalid_token' }));
  if (url.startsWith('/api/content/privacy')) return Promise.resolve(jsonResponse(200, privacyPage));
  // The member's frame loads the unread counts (a 204 would be logged as a failed load): none unread.
  if (url === '/api/chat/unreadByChat') return Promise.resolve(jsonResponse(200, {}));
  if (url === '/api/chat/muted') return Promise.resolve(jsonResponse(200, { partners: [] }));
  return Promise.resolve(jsonResponse(204, undefined));
});

/** The privacy page as GET /api/content/privacy answers it (issue 15: texts come from the API). */
const privacyPage = {
  slug: 'privacy',
  locale: 'de',
  title: 'Datenschutz',
  intro: '',
  html: `<h2 id="wer">Wer</h2>\n${'<p>Text</p>\n'.repeat(20)}<h2 id="deine-rechte">Deine Rechte</h2>\n<p>Auskunft</p>\n`,
  version: 1,
  updated_at: '2026-11-01T10:00:00.000Z',
};

/** Boots the real app (routes, guard, layout) in a memory router with fresh module state. */
async function boot(url: string, { signedIn }: { signedIn: boolean }) {
  vi.resetModules();
  if (signedIn) {
    setCookie('prod-access-token', 'acc');
    setCookie('prod-refresh-token', 'ref');
  }
  const { App, createAppRouter } = await import('./app.tsx');
  const { i18n, loadLocale } = await import('../lib/i18n.ts');
  // The fresh module has German only; the app fetches English when chosen (lib/i18n.ts).
  await loadLocale('en');
  const router = createAppRouter((routes) => createMemoryRouter(routes, { initialEntries: [url] }));
  render(<App router={router} />);
  return { router, i18n };
}

beforeAll(warmUpApp, WARM_UP_MS);

beforeEach(() => {
  member = null;
  partnersHeldUntil = null;
  leaveTo.mockReset();
  fetchMock.mockClear();
  headingShownWhenAsked.clear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('the app (guard + page behaviour, SPEC.md §2)', () => {
  it('a guest opening /dashboard lands on login; title and canonical follow the route', async () => {
    const { router } = await boot('/dashboard', { signedIn: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    await waitFor(() => expect(document.title).toBe('Trostnetz – Anmelden'));
    expect(document.head.querySelector('link[rel="canonical"]')).toHaveAttribute(
      'href',
      `${window.location.origin}/login`,
    );
    expect(document.getElementById('main')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Inhalt springen' })).toHaveAttribute('href', '#main');
  });

  it('crisis help one tap away for guests: in the header of login, a guest page and a page that does not exist', async () => {
    for (const url of ['/login', '/imprint', '/gibt-es-nicht']) {
      await boot(url, { signedIn: false });
      await screen.findByRole('heading', { level: 1 });
      const header = screen.getByRole('banner');
      expect(within(header).getByRole('button', { name: /Hilfe in der Krise/ }), url).toHaveAttribute(
        'aria-haspopup',
        'dialog',
      );
      document.body.innerHTML = '';
    }
  });

  it('guest routes pass without login (imprint), in English after switching', async () => {
    const { i18n } = await boot('/imprint', { signedIn: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Impressum' })).toBeInTheDocument();
    await i18n.changeLanguage('en');
    expect(await screen.findByRole('heading', { level: 1, name: 'Imprint' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Trostnetz – Imprint'));
    expect(document.documentElement.lang).toBe('en');
    await i18n.changeLanguage('de');
  });

  it('a verified member opening / gets the dashboard with a welcome, next step and crisis help', async () => {
    member = buildUser({ nickname: 'Mara', matching_step: 2 });
    const { router } = await boot('/', { signedIn: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Schön, dass du da bist, Mara.' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByRole('link', { name: 'Fragebogen beantworten' })).toHaveAttribute(
      'href',
      '/onboarding',
    );
    expect(screen.getAllByRole('link', { name: /0800 111 0 111/ })[0]).toHaveAttribute(
      'href',
      'tel:+498001110111',
    );
  });

  it("the home screen's data is asked for while its code loads, before it shows (its prefetch, once the guard lets the member in)", async () => {
    member = buildUser({ nickname: 'Mara', matching_step: -1 });
    await boot('/dashboard', { signedIn: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Schön, dass du da bist, Mara.' }),
    ).toBeInTheDocument();
    expect(Object.fromEntries(headingShownWhenAsked)).toEqual(
      Object.fromEntries(HOME_DATA.map((url) => [url, false])),
    );
  });

  it('nothing of the home screen is prefetched for a guest, nor before the questionnaire is done', async () => {
    await boot('/dashboard', { signedIn: false });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeInTheDocument();
    member = buildUser({ nickname: 'Mara', matching_step: 0 });
    await boot('/dashboard', { signedIn: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Schön, dass du da bist, Mara.' }),
    ).toBeInTheDocument();
    expect(headingShownWhenAsked.size).toBe(0);
  });

  it('the crisis button opens a dialog with TelefonSeelsorge, 116 123 and 112 as tel: links', async () => {
    member = buildUser();
    await boot('/watchlist', { signedIn: true });
    const user = userEvent.setup();
    const [button] = await screen.findAllByRole('button', { name: 'Hilfe in der Krise' });
    await user.click(button!);
    const dialog = await screen.findByRole('dialog', { name: 'Hilfe in der Krise' });
    const hrefs = within(dialog)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(['tel:+498001110111', 'tel:+498001110222', 'tel:116123', 'tel:112']);
  });

  it('logout from the account menu revokes the tokens, clears the session and shows login', async () => {
    member = buildUser({ nickname: 'Mara' });
    const { router } = await boot('/dashboard', { signedIn: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Kontomenü öffnen/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Abmelden' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/auth/tokens/revoke')).toBe(true);
    expect(document.cookie).not.toContain('prod-access-token=acc');
    expect(localStorage.getItem('prod-access-token')).toBeNull();
  });

  it('an unverified member is confined to please-verify', async () => {
    member = buildUser({ is_verified: false, matching_step: 0 });
    const { router } = await boot('/dashboard', { signedIn: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bitte bestätige deine E-Mail Adresse' }),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/please-verify');
  });

  it('a verified member on please-verify with open onboarding is sent to the onboarding site', async () => {
    member = buildUser({ matching_step: 0 });
    await boot('/please-verify', { signedIn: true });
    await waitFor(() => expect(leaveTo).toHaveBeenCalledWith('/onboarding'));
  });

  it('an expired session (refresh fails) on a member route ends on login with the 401 state', async () => {
    member = null;
    const { router } = await boot('/settings', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(document.cookie).not.toContain('prod-access-token=acc');
  });

  it('session rule (issue 9 item 16): a session ending on a member screen sends the member to sign in, and back there afterwards', async () => {
    member = buildUser({ nickname: 'Mara' });
    const { router } = await boot('/dashboard?from=mail', { signedIn: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Schön, dass du da bist, Mara.' }),
    ).toBeInTheDocument();
    const { apiRequest } = await import('../lib/api-client.ts');
    await expect(apiRequest('/api/settings/me')).rejects.toMatchObject({ status: 401 });
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/login?next=%2Fdashboard%3Ffrom%3Dmail',
    );
    // In place of the screen that needed the session: back does not return to it.
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('session rule (issue 9 item 16): a session ending during a navigation leaves it to the guard, which keeps its target', async () => {
    member = buildUser({ nickname: 'Mara' });
    const { router } = await boot('/dashboard', { signedIn: true });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Schön, dass du da bist, Mara.' }),
    ).toBeInTheDocument();
    let release = () => {};
    partnersHeldUntil = new Promise<void>((resolve) => {
      release = resolve;
    });
    // A conversation not in the partner list: the guard loads the list before it decides.
    const navigated = router.navigate('/chat/42');
    await waitFor(() => expect(router.state.navigation.state).toBe('loading'));
    const { apiRequest } = await import('../lib/api-client.ts');
    await expect(apiRequest('/api/settings/me')).rejects.toMatchObject({ status: 401 });
    release();
    await navigated;
    expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' })).toBeInTheDocument();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
      '/login?next=%2Fchat%2F42',
    );
  });

  it('a session ending on a screen open to guests keeps the screen (the farewell page after deleting the account)', async () => {
    member = buildUser({ nickname: 'Mara' });
    const { router } = await boot('/privacy', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Datenschutz' })).toBeInTheDocument();
    // A request the screen before it left running: the session has ended, the renewal fails.
    const { apiRequest } = await import('../lib/api-client.ts');
    await expect(apiRequest('/api/settings/me')).rejects.toMatchObject({ status: 401 });
    expect(document.cookie).not.toContain('prod-access-token=acc');
    await new Promise((r) => setTimeout(r, 50));
    expect(router.state.location.pathname).toBe('/privacy');
    expect(screen.getByRole('heading', { level: 1, name: 'Datenschutz' })).toBeInTheDocument();
  });

  it('a reload with a hash scrolls smoothly to the anchor', async () => {
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    await boot('/privacy#deine-rechte', { signedIn: false });
    expect(await screen.findByRole('heading', { level: 2, name: 'Deine Rechte' })).toBeInTheDocument();
    await waitFor(() => expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' }));
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById('deine-rechte'));
  });

  it('routes flagged scroll-to-top (partner profile) scroll to top, also between two profiles', async () => {
    member = buildUser();
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const { router } = await boot('/dashboard', { signedIn: true });
    await screen.findByRole('heading', { level: 1, name: /Schön, dass du da bist/ });
    await router.navigate('/profile/5');
    await screen.findByRole('heading', { level: 1, name: 'Profil' });
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
    scrollTo.mockClear();
    await router.navigate('/profile/6');
    await waitFor(() => expect(router.state.location.pathname).toBe('/profile/6'));
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
    // Not flagged and the same screen: a search change keeps the position.
    scrollTo.mockClear();
    await router.navigate('/dashboard');
    await waitFor(() => expect(scrollTo).toHaveBeenCalledTimes(1));
    scrollTo.mockClear();
    await router.navigate('/dashboard?tab=1');
    await waitFor(() => expect(router.state.location.search).toBe('?tab=1'));
    await new Promise((r) => setTimeout(r, 50));
    expect(scrollTo).not.toHaveBeenCalled();
    scrollTo.mockRestore();
  });

  it('an unknown path shows the not-found screen', async () => {
    await boot('/gibt-es-nicht', { signedIn: false });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Diese Seite gibt es leider nicht' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Trostnetz – Seite nicht gefunden'));
  });
});
