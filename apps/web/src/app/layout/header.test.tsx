import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveStaffToken } from '../../lib/staff-session.ts';
import { useUserStore } from '../../lib/storage/user-store.ts';
import { buildUser } from '../../test/factories.ts';
import { renderScreen, stubApi } from '../../test/render.tsx';
import { AccountMenuPanel } from './account-menu-panel.tsx';
import { Header } from './header.tsx';

beforeEach(() => {
  stubApi({});
  useUserStore.setState({ user: null, status: 'unauthenticated' });
});
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const GuestHeader = () => <Header user={null} variant="home" />;
const staffSession = () =>
  saveStaffToken({ token: 's', expires_at: new Date(Date.now() + 60_000).toISOString() });

describe('no dead ends: the header', () => {
  it('the console does not show the member header\'s "Anmelden" while staff are signed in to it', async () => {
    staffSession();
    renderScreen(GuestHeader, { path: '/nova/reports' });
    expect(await screen.findByRole('button', { name: /Krisenhilfe/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Anmelden' })).toBeNull();
  });

  it('outside the console, or in it before the staff sign-in, a guest still finds "Anmelden"', async () => {
    renderScreen(GuestHeader, { path: '/nova/login' });
    expect(await screen.findByRole('link', { name: 'Anmelden' })).toBeInTheDocument();
  });

  it('a guest page keeps "Anmelden" though a staff session is open in this tab', async () => {
    staffSession();
    renderScreen(GuestHeader, { path: '/faq' });
    expect(await screen.findByRole('link', { name: 'Anmelden' })).toBeInTheDocument();
  });
});

describe("no dead ends: the account menu's premium entry", () => {
  const Menu = () => (
    <AccountMenuPanel trigger={<button type="button">Menü</button>} nickname="Anna" defaultOpen />
  );

  it('a premium member\'s "Premium" entry opens their plan in the settings', async () => {
    useUserStore.getState().setUser(buildUser({ is_premium: true }));
    const { router } = renderScreen(Menu, { path: '/dashboard' });
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Mein Premium' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/settings'));
    expect(router.state.location.hash).toBe('#subscription');
  });

  it('a member without premium goes to the premium page', async () => {
    useUserStore.getState().setUser(buildUser());
    const { router } = renderScreen(Menu, { path: '/dashboard' });
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Premium' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/premium'));
  });
});
