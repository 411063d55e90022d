import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCookie } from '../lib/cookies.ts';
import { buildMessage, buildPartner } from '../test/chat-factories.ts';
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
const requester = buildPartner({
  id: 12,
  chat_id: 8,
  nickname: 'Mira',
  friend_status: 1,
  has_messages: false,
});
const friend = buildPartner({ id: 9, chat_id: 3, nickname: 'Jonas' });
const suggestion = buildPartner({
  id: 15,
  chat_id: 11,
  nickname: 'Pia',
  friend_status: 3,
  has_messages: false,
});

let partners = [requester, friend, suggestion];
/** Who /api/profile/init answers with: null until signed in. */
let member: ReturnType<typeof buildUser> | null = null;
/** Who the login answers with. */
let signingIn = buildUser();
const fetchMock = vi.fn(async (url: string) => {
  if (url === '/api/config') return jsonResponse(200, config);
  if (url === '/api/auth/tokens') {
    member = signingIn;
    return jsonResponse(200, { token: 'acc', refresh_token: 'ref', user: signingIn });
  }
  if (url === '/api/profile/init')
    return member ? jsonResponse(200, member) : jsonResponse(401, { code: 'unauthenticated' });
  if (url === '/api/auth/tokens/refresh') return jsonResponse(401, { code: 'invalid_token' });
  if (url === '/api/chat/partners') return jsonResponse(200, partners);
  if (url === '/api/chat/unreadByChat') return jsonResponse(200, {});
  if (url === '/api/chat/muted') return jsonResponse(200, { partners: [] });
  if (url.startsWith('/api/chat/9/messages'))
    return jsonResponse(200, {
      messages: [buildMessage({ id: 4, message: 'Schön, dich zu lesen.' })],
      has_more: false,
      turns: [],
    });
  if (url === '/api/profile/5')
    return jsonResponse(200, {
      id: 5,
      nickname: 'Lena',
      avatar: null,
      motto: null,
      about: null,
      details: [],
      role: null,
      friend_status: 3,
      is_watched: false,
      online: false,
      member_since: '2025-03-01T00:00:00.000Z',
      reason: [],
      request_message: null,
      words: null,
    });
  return jsonResponse(200, {});
});

async function boot(url: string, { signedIn }: { signedIn: boolean }) {
  vi.resetModules();
  if (signedIn) {
    setCookie('prod-access-token', 'acc');
    setCookie('prod-refresh-token', 'ref');
  }
  const { App, createAppRouter } = await import('./app.tsx');
  const router = createAppRouter((routes) => createMemoryRouter(routes, { initialEntries: [url] }));
  render(<App router={router} />);
  return router;
}

async function signIn() {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('E-Mail Adresse', {}, slow), 'anna@example.org');
  await user.type(screen.getByLabelText('Passwort'), 'ein ruhiger langer Satz');
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
}

/** Sign-in, guard and lazily loaded screens take a few rounds; generous on a busy machine. */
const slow = { timeout: 5_000 };

const where = (router: Awaited<ReturnType<typeof boot>>) =>
  `${router.state.location.pathname}${router.state.location.search}`;

beforeAll(warmUpApp, WARM_UP_MS);

beforeEach(() => {
  member = null;
  signingIn = buildUser();
  partners = [requester, friend, suggestion];
  leaveTo.mockReset();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('issue 9 item 16: a signed-out member who opens a guarded link lands there after signing in', () => {
  it.each([
    ['/friend-request/12', { level: 2, name: 'Anfrage von Mira' }],
    ['/chat/9', { level: 1, name: 'Jonas' }],
    ['/profile/5', { level: 1, name: 'Lena' }],
  ] as const)(
    '%s → /login → %s',
    async (target, heading) => {
      const router = await boot(target, { signedIn: false });
      expect(await screen.findByRole('heading', { level: 1, name: 'Anmelden' }, slow)).toBeInTheDocument();
      expect(where(router)).toBe(`/login?next=${encodeURIComponent(target)}`);
      await signIn();
      expect(await screen.findByRole('heading', heading, slow)).toBeInTheDocument();
      expect(where(router)).toBe(target);
    },
    20_000,
  );

  it('verification in between: please-verify keeps the target and continues there once verified', async () => {
    signingIn = buildUser({ is_verified: false, matching_step: 0 });
    const router = await boot('/friend-request/12', { signedIn: false });
    await signIn();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Bitte bestätige deine E-Mail Adresse' }, slow),
    ).toBeInTheDocument();
    expect(where(router)).toBe('/please-verify?next=%2Ffriend-request%2F12');
    member = buildUser();
    await userEvent.click(screen.getByRole('button', { name: 'Ich habe bestätigt' }));
    expect(
      await screen.findByRole('heading', { level: 2, name: 'Anfrage von Mira' }, slow),
    ).toBeInTheDocument();
    expect(where(router)).toBe('/friend-request/12');
  }, 20_000);

  it('onboarding in between: the onboarding is opened with the target', async () => {
    signingIn = buildUser({ is_verified: false, matching_step: 0 });
    await boot('/friend-request/12', { signedIn: false });
    await signIn();
    await screen.findByRole('heading', { level: 1, name: 'Bitte bestätige deine E-Mail Adresse' }, slow);
    member = buildUser({ matching_step: 0 });
    await userEvent.click(screen.getByRole('button', { name: 'Ich habe bestätigt' }));
    await waitFor(
      () => expect(leaveTo).toHaveBeenCalledWith('/onboarding?next=%2Ffriend-request%2F12'),
      slow,
    );
  }, 20_000);

  it.each([
    '%2F%2Fevil.example',
    'https%3A%2F%2Fevil.example%2Fchat%2F9',
    '%2F%5Cevil.example',
  ])('/login?next=%s signs in to the dashboard and never leaves the site', async (evil) => {
    const router = await boot(`/login?next=${evil}`, { signedIn: false });
    await signIn();
    expect(
      await screen.findByRole('heading', { level: 1, name: /Schön, dass du da bist/ }, slow),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(leaveTo).not.toHaveBeenCalled();
  }, 20_000);
});

describe('issue 9 item 16: reloading /chat/{id} loads the partner list and continues to the conversation', () => {
  it('a reload of /chat/9 opens the conversation with Jonas', async () => {
    member = buildUser();
    const router = await boot('/chat/9', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Jonas' }, slow)).toBeInTheDocument();
    expect(await screen.findByText('Schön, dich zu lesen.', {}, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/chat/9');
  }, 20_000);

  it('a partner who is not yet in the loaded list (accepted a moment ago) is looked up again', async () => {
    member = buildUser();
    partners = [requester, suggestion];
    const router = await boot('/chat', { signedIn: true });
    expect(await screen.findByRole('heading', { level: 1, name: 'Nachrichten' }, slow)).toBeInTheDocument();
    // The list is loaded, without Jonas (the heading shows before its answer has arrived).
    expect(await screen.findByText('Noch keine Gespräche', {}, slow)).toBeInTheDocument();
    partners = [requester, friend, suggestion];
    await router.navigate('/chat/9');
    expect(await screen.findByRole('heading', { level: 1, name: 'Jonas' }, slow)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/chat/9');
  }, 20_000);

  it.each([
    ['a suggestion (no chat)', '/chat/15'],
    ['an unknown id', '/chat/404'],
  ])(
    '%s still goes to /chat',
    async (_label, url) => {
      member = buildUser();
      const router = await boot(url, { signedIn: true });
      expect(await screen.findByRole('heading', { level: 1, name: 'Nachrichten' }, slow)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/chat');
    },
    20_000,
  );
});
