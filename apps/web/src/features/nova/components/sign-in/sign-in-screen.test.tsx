import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { getStaffToken, STAFF_TOKEN_KEY } from '../../../../lib/staff-session.ts';
import { ACCESS_TOKEN_KEY } from '../../../../lib/tokens.ts';
import { jsonResponse, renderScreen } from '../../../../test/render.tsx';
import { consoleTarget, SignInScreen } from './sign-in-screen.tsx';

const fetchMock = vi.fn();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  sessionStorage.clear();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('de');
});

const later = () => new Date(Date.now() + 15 * 60_000).toISOString();
const codes = Array.from({ length: 10 }, (_, i) => `abcd-efg${i}`);
const bodyOf = (call: number) => JSON.parse((fetchMock.mock.calls[call]![1] as RequestInit).body as string);
const urlOf = (call: number) => fetchMock.mock.calls[call]![0] as string;

async function credentials(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByLabelText('E-Mail Adresse'), 'mod@example.org');
  await user.type(screen.getByLabelText('Passwort'), 'a long staff passphrase');
  await user.click(screen.getByRole('button', { name: 'Weiter' }));
}

describe('issue 16: staff sign-in with a second factor', () => {
  it('first sign-in: enrolment with a QR code drawn in the browser, the recovery codes shown once, then the console', async () => {
    fetchMock
      .mockResolvedValueOnce(
        jsonResponse(200, {
          step: 'enrol',
          challenge: 'ch-1',
          secret: 'JBSWY3DPEHPK3PXP',
          otpauth_url: 'otpauth://totp/Trostnetz:mod%40example.org?secret=JBSWY3DPEHPK3PXP&issuer=Trostnetz',
        }),
      )
      .mockResolvedValueOnce(
        jsonResponse(200, { token: 'staff-token', expires_at: later(), recovery_codes: codes }),
      );
    const user = userEvent.setup();
    const { router } = renderScreen(SignInScreen, {
      path: '/nova/login',
      url: '/nova/login?next=/nova/reports',
    });
    await credentials(user);

    const qr = await screen.findByRole('img', { name: 'QR-Code für die Authenticator-App' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/png;base64,/);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP')).toBeInTheDocument();
    // Only our own API was asked: no image service ever sees the secret.
    expect(fetchMock.mock.calls.map((c) => c[0])).toEqual(['/api/admin/session']);
    expect(bodyOf(0)).toEqual({ email: 'mod@example.org', password: 'a long staff passphrase' });

    await user.type(screen.getByLabelText('Sechsstelliger Code'), '123456');
    await user.click(screen.getByRole('button', { name: 'Einrichten und anmelden' }));
    expect(await screen.findByRole('heading', { name: 'Deine Wiederherstellungscodes' })).toBeInTheDocument();
    expect(urlOf(1)).toBe('/api/admin/session/enrol');
    expect(bodyOf(1)).toEqual({ challenge: 'ch-1', code: '123456' });
    expect(screen.getAllByText(/^abcd-efg\d$/)).toHaveLength(10);

    const next = screen.getByRole('button', { name: 'Weiter zur Verwaltung' });
    expect(next).toBeDisabled();
    await user.click(screen.getByLabelText('Ich habe die Codes sicher aufbewahrt.'));
    await user.click(next);
    await waitFor(() => expect(router.state.location.pathname).toBe('/nova/reports'));

    // The staff session is kept apart from the member's session.
    expect(getStaffToken()).toBe('staff-token');
    expect(sessionStorage.getItem(STAFF_TOKEN_KEY)).toContain('staff-token');
    expect(localStorage.getItem(ACCESS_TOKEN_KEY)).toBeNull();
    expect(document.cookie).not.toContain('staff-token');
  });

  it('later sign-ins ask for a code; a refused (wrong or replayed) code is said, a recovery code works instead', async () => {
    fetchMock
      .mockResolvedValueOnce(jsonResponse(200, { step: 'totp', challenge: 'ch-2' }))
      .mockResolvedValueOnce(jsonResponse(401, { message: 'x', code: 'invalid_credentials' }))
      .mockResolvedValueOnce(jsonResponse(200, { token: 'staff-2', expires_at: later() }));
    const user = userEvent.setup();
    const { router } = renderScreen(SignInScreen, { path: '/nova/login' });
    await credentials(user);
    await user.type(await screen.findByLabelText('Sechsstelliger Code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('nicht korrekt');
    expect(bodyOf(1)).toEqual({ challenge: 'ch-2', code: '654321' });
    expect(getStaffToken()).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Wiederherstellungscode verwenden' }));
    await user.type(screen.getByLabelText('Wiederherstellungscode'), 'abcd-efg3');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/nova'));
    expect(bodyOf(2)).toEqual({ challenge: 'ch-2', recovery_code: 'abcd-efg3' });
    expect(getStaffToken()).toBe('staff-2');
  });

  it('an account without any console permission (403) lands on /nova/unauthorized', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(403, { message: 'x', code: 'forbidden' }));
    const user = userEvent.setup();
    const { router } = renderScreen(SignInScreen, { path: '/nova/login' });
    await credentials(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/nova/unauthorized'));
    expect(getStaffToken()).toBeNull();
  });

  it('in English too', async () => {
    await i18n.changeLanguage('en');
    renderScreen(SignInScreen, { path: '/nova/login' });
    expect(await screen.findByLabelText('E-mail address')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeInTheDocument();
  });
});

describe('issue 16: after sign-in only console addresses are followed', () => {
  it.each([
    ['?next=/nova/reports/12', '/nova/reports/12'],
    ['?next=/nova/audit?actor=3', '/nova/audit?actor=3'],
    ['?next=/dashboard', '/nova'],
    ['?next=https://evil.example/nova', '/nova'],
    ['?next=//evil.example', '/nova'],
    ['?next=/nova/login', '/nova'],
    ['', '/nova'],
  ])('%s → %s', (search, target) => {
    expect(consoleTarget(search)).toBe(target);
  });
});
