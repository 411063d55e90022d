import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { clearStaffToken, saveStaffToken } from '../../../lib/staff-session.ts';
import { jsonResponse, stubApi } from '../../../test/render.tsx';
import { ConsoleLayout } from './console-layout.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

function renderLayout(url = '/nova/reports?status=resolved') {
  const router = createMemoryRouter(
    [
      { Component: ConsoleLayout, children: [{ path: '/nova/reports', Component: () => <p>queue</p> }] },
      { path: '/nova/login', Component: () => <p>sign-in</p> },
      { path: '/nova/unauthorized', Component: () => <p>no access</p> },
    ],
    { initialEntries: [url] },
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return router;
}
const session = () => saveStaffToken({ token: 's', expires_at: new Date(Date.now() + 60_000).toISOString() });
const me = {
  id: 1,
  nickname: 'Mira',
  email: 'm@example.org',
  roles: ['support'],
  permissions: ['members.view', 'support.answer'],
};

describe('issue 16: the console checks its own staff session', () => {
  it('without a staff session: to /nova/login, with the way back', async () => {
    stubApi({});
    const router = renderLayout();
    await waitFor(() => expect(router.state.location.pathname).toBe('/nova/login'));
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent('/nova/reports?status=resolved')}`);
  });

  it('a member token is never enough: an account without console permissions (403) goes to /nova/unauthorized', async () => {
    session();
    stubApi({ 'GET /api/admin/me': () => jsonResponse(403, { message: 'x', code: 'forbidden' }) });
    const router = renderLayout();
    await waitFor(() => expect(router.state.location.pathname).toBe('/nova/unauthorized'));
  });

  it('shows only the sections the permissions allow; the session ending anywhere brings the sign-in back', async () => {
    session();
    stubApi({ 'GET /api/admin/me': () => jsonResponse(200, me) });
    const router = renderLayout('/nova/reports');
    const nav = await screen.findByRole('navigation', { name: 'Bereiche der Verwaltung' });
    expect([...nav.querySelectorAll('a')].map((a) => a.textContent)).toEqual([
      'Übersicht',
      'Mitglieder',
      'Kundenservice',
    ]);
    expect(screen.getByText('queue')).toBeInTheDocument();
    act(() => clearStaffToken());
    await waitFor(() => expect(router.state.location.pathname).toBe('/nova/login'));
  });
});
