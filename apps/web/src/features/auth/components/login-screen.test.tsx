import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { useUserStore } from '../../../lib/storage/user-store.ts';
import { getRefreshToken } from '../../../lib/tokens.ts';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, renderScreen } from '../../../test/render.tsx';
import { LoginScreen } from './login-screen.tsx';

const fetchMock = vi.fn();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('de');
});

async function submit(email: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText(/E-Mail Adresse|E-mail address/), email);
  await user.type(screen.getByLabelText(/^(Passwort|Password)$/), password);
  await user.click(screen.getByRole('button', { name: /^(Anmelden|Sign in)$/ }));
}

describe('login', () => {
  it('signs in with {username, password}, stores both tokens and continues at home', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { token: 'acc', refresh_token: 'ref', user: buildUser() }));
    const { router } = renderScreen(LoginScreen, { path: '/login' });
    await submit('Anna@Example.org', 'correct horse battery');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/auth/tokens');
    expect(JSON.parse(init.body as string)).toEqual({
      username: 'anna@example.org',
      password: 'correct horse battery',
    });
    expect(getRefreshToken()).toBe('ref');
    expect(useUserStore.getState().user?.nickname).toBe('Anna');
  });

  it('invalid credentials: the catalogue message in German, fields stay filled', async () => {
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'x', code: 'invalid_credentials' }));
    renderScreen(LoginScreen, { path: '/login' });
    await submit('anna@example.org', 'wrong password');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'E-Mail Adresse oder Passwort sind nicht korrekt.',
    );
    expect(screen.getByLabelText('E-Mail Adresse')).toHaveValue('anna@example.org');
  });

  it('invalid credentials in English', async () => {
    await i18n.changeLanguage('en');
    fetchMock.mockResolvedValue(jsonResponse(401, { message: 'x', code: 'invalid_credentials' }));
    renderScreen(LoginScreen, { path: '/login' });
    await submit('anna@example.org', 'wrong password');
    expect(await screen.findByRole('alert')).toHaveTextContent('E-mail address or password is not correct.');
  });

  it('too many attempts (429) is explained calmly', async () => {
    fetchMock.mockResolvedValue(jsonResponse(429, { message: 'x', code: 'rate_limited' }));
    renderScreen(LoginScreen, { path: '/login' });
    await submit('anna@example.org', 'whatever');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Zu viele Versuche. Bitte warte einen Moment.',
    );
  });
});
