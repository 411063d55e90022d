import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCookie } from '../lib/cookies.ts';
import { buildMessage, buildPartner } from '../test/chat-factories.ts';
import { buildUser } from '../test/factories.ts';
import { jsonResponse, WARM_UP_MS, warmUpApp } from '../test/render.tsx';

const config = {
  app_name: 'Trostnetz',
  onboarding_url: '/onboarding',
  pusher: { key: '', cluster: 'eu', host: null, port: null, scheme: null },
  analytics: null,
};
const partners = [
  buildPartner({ id: 9, chat_id: 3, nickname: 'Jonas', online: true }),
  buildPartner({ id: 12, chat_id: 4, nickname: '', friend_status: 3, online: false }),
];

const fetchMock = vi.fn((url: string) => {
  if (url === '/api/config') return Promise.resolve(jsonResponse(200, config));
  if (url === '/api/profile/init') return Promise.resolve(jsonResponse(200, buildUser({ id: 7 })));
  if (url === '/api/chat/partners') return Promise.resolve(jsonResponse(200, partners));
  if (url === '/api/chat/unreadByChat') return Promise.resolve(jsonResponse(200, { '9': 2, '12': 1 }));
  if (url === '/api/chat/muted') return Promise.resolve(jsonResponse(200, { partners: [] }));
  if (url.startsWith('/api/chat/9/messages'))
    return Promise.resolve(
      jsonResponse(200, { messages: [buildMessage({ id: 4 })], has_more: false, turns: [] }),
    );
  if (url === '/api/chat/messages/3/9/read') return Promise.resolve(jsonResponse(200, {}));
  return Promise.resolve(jsonResponse(200, []));
});

async function boot(url: string) {
  vi.resetModules();
  setCookie('prod-access-token', 'acc');
  setCookie('prod-refresh-token', 'ref');
  const { App, createAppRouter } = await import('./app.tsx');
  const router = createAppRouter((routes) => createMemoryRouter(routes, { initialEntries: [url] }));
  render(<App router={router} />);
  return router;
}

beforeAll(warmUpApp, WARM_UP_MS);

beforeEach(() => {
  localStorage.clear();
  fetchMock.mockClear();
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('chat routes (SPEC.md §2 chat, chat-with; §3 Unread state)', () => {
  it('/chat lists the conversations with their unread counts; opening one marks it read', async () => {
    const router = await boot('/chat');
    expect(await screen.findByRole('heading', { level: 1, name: 'Nachrichten' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/chat');
    const list = await screen.findByRole('list', { name: 'Deine Gespräche' });
    const jonas = within(list).getByRole('link', { name: /Jonas/ });
    // The counts come with their own answer, which may arrive after the list.
    await waitFor(() => expect(jonas).toHaveTextContent('2 ungelesene Nachrichten'));
    // Former friends are listed read-only; an empty nickname is a deleted account.
    expect(screen.getByRole('heading', { name: 'Frühere Gespräche' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Konto gelöscht/ })).toBeInTheDocument();
    // The total unread count in the header and the tab title.
    await waitFor(() => expect(document.title).toBe('(3) Trostnetz – Nachrichten'));
    expect(screen.getAllByText('3 ungelesene Nachrichten').length).toBeGreaterThan(0);

    await userEvent.click(jonas);
    expect(await screen.findByRole('heading', { level: 1, name: 'Jonas' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/chat/9');
    expect(document.querySelector('[data-header-variant]')).toHaveAttribute('data-header-variant', 'chat');
    // Entering marks read: Jonas's two no longer count.
    await waitFor(() => expect(document.title).toBe('(1) Trostnetz – Gespräch'));
  }, 20_000);
});
