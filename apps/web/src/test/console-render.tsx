import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { StaffMe } from '@trostnetz/contracts/admin';
import type { ComponentType } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { i18n } from '../lib/i18n.ts';
import '../features/nova/console-texts.ts';
import { StaffContext } from '../features/nova/staff-context.ts';
import { saveStaffToken } from '../lib/staff-session.ts';

export const staff = (overrides: Partial<StaffMe> = {}): StaffMe => ({
  id: 900,
  nickname: 'Mira',
  email: 'mira@example.org',
  roles: ['moderator'],
  permissions: ['members.view', 'members.suspend', 'reports.view', 'reports.decide', 'appeals.decide'],
  ...overrides,
});

/** A console screen inside the staff context (as the console layout gives it), signed in with a staff token. */
export function renderConsole(
  Screen: ComponentType,
  { path, url = path, me = staff() }: { path: string; url?: string; me?: StaffMe },
) {
  saveStaffToken({ token: 'staff-token', expires_at: new Date(Date.now() + 600_000).toISOString() });
  const router = createMemoryRouter(
    [
      { path, Component: Screen },
      { path: '*', Component: () => <p data-testid="elsewhere">elsewhere</p> },
    ],
    { initialEntries: [url] },
  );
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const utils = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <StaffContext.Provider value={me}>
          <RouterProvider router={router} />
        </StaffContext.Provider>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...utils, router, client };
}
