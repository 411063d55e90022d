import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { useUserStore } from '../../../lib/storage/user-store.ts';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, renderScreen } from '../../../test/render.tsx';
import { RegisterScreen } from './register-screen.tsx';

const fetchMock = vi.fn();
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('de');
});

describe('SPEC.md §5 validation on the register form', () => {
  it('German is the default: required message, vee-invalid once submitted, focus on the first error', async () => {
    const user = userEvent.setup();
    renderScreen(RegisterScreen, { path: '/register' });
    await user.click(await screen.findByRole('button', { name: 'Konto erstellen' }));
    const nickname = screen.getByLabelText('Spitzname');
    expect(nickname).toHaveClass('vee-invalid');
    expect(nickname).toHaveAttribute('aria-invalid', 'true');
    // Nickname, e-mail, password and its confirmation.
    expect(screen.getAllByText('Diese Angabe ist notwendig.')).toHaveLength(4);
    expect(document.activeElement).toBe(nickname);
    // Error text is linked to its field.
    const describedBy = screen.getByLabelText('E-Mail Adresse').getAttribute('aria-describedby') ?? '';
    expect(describedBy.split(' ').map((id) => document.getElementById(id)?.textContent)).toContain(
      'Diese Angabe ist notwendig.',
    );
    expect(screen.getByText('Bitte stimme den Nutzungsbedingungen zu.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('German e-mail and equal_passwords messages; vee-valid on a correct touched field', async () => {
    const user = userEvent.setup();
    renderScreen(RegisterScreen, { path: '/register' });
    const email = await screen.findByLabelText('E-Mail Adresse');
    await user.type(email, 'kein-at-zeichen');
    await user.tab();
    expect(await screen.findByText('Bitte gib eine gültige E-Mail Adresse an.')).toBeInTheDocument();
    expect(email).toHaveClass('vee-invalid');

    const nickname = screen.getByLabelText('Spitzname');
    expect(nickname).not.toHaveClass('vee-valid');
    expect(nickname).not.toHaveClass('vee-invalid');
    await user.type(nickname, 'Anna');
    await user.tab();
    await waitFor(() => expect(nickname).toHaveClass('vee-valid'));

    // The contract compares the passwords once the other fields are valid.
    await user.clear(email);
    await user.type(email, 'anna@example.org');
    await user.click(screen.getByRole('checkbox'));
    await user.type(screen.getByLabelText('Passwort', { exact: true }), 'correct horse battery');
    await user.type(screen.getByLabelText('Passwort wiederholen'), 'correct horse battery!');
    await user.tab();
    expect(await screen.findByText('Die Passwörter müssen identisch sein!')).toBeInTheDocument();
    expect(screen.getByLabelText('Passwort wiederholen')).toHaveClass('vee-invalid');
  });

  it('min message names the bound', async () => {
    const user = userEvent.setup();
    renderScreen(RegisterScreen, { path: '/register' });
    await user.type(await screen.findByLabelText('Passwort', { exact: true }), 'kurz');
    await user.tab();
    expect(await screen.findByText('Diese Angabe muss mindestens 12 Zeichen lang sein.')).toBeInTheDocument();
  });

  it('English messages after switching the language', async () => {
    await i18n.changeLanguage('en');
    const user = userEvent.setup();
    renderScreen(RegisterScreen, { path: '/register' });
    const email = await screen.findByLabelText('E-mail address');
    await user.type(email, 'no-at-sign');
    await user.tab();
    expect(await screen.findByText('this field must have a valid email address.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(screen.getAllByText('This field is required')).toHaveLength(3);
    expect(screen.getByText('Please accept the terms of use.')).toBeInTheDocument();
    expect(screen.getByLabelText('Nickname')).toHaveClass('vee-invalid');
  });

  it('maps a 422 answer onto its fields and keeps the server wording', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(422, {
        message: 'Bitte überprüfe deine Angaben.',
        code: 'validation_failed',
        errors: { email: ['Diese E-Mail Adresse ist bereits registriert.'] },
      }),
    );
    const user = userEvent.setup();
    renderScreen(RegisterScreen, { path: '/register' });
    await user.type(await screen.findByLabelText('Spitzname'), 'Anna');
    await user.type(screen.getByLabelText('E-Mail Adresse'), 'Anna@Example.org');
    await user.type(screen.getByLabelText('Passwort', { exact: true }), 'correct horse battery');
    await user.type(screen.getByLabelText('Passwort wiederholen'), 'correct horse battery');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Konto erstellen' }));

    expect(await screen.findByText('Diese E-Mail Adresse ist bereits registriert.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-Mail Adresse')).toHaveClass('vee-invalid');
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/register');
    expect(JSON.parse(init.body as string)).toEqual({
      nickname: 'Anna',
      email: 'anna@example.org',
      password: 'correct horse battery',
      password_confirmation: 'correct horse battery',
      terms_accepted: true,
      locale: 'de',
    });
  });

  it('on success the member is signed in and sent to please-verify; the button shows progress meanwhile', async () => {
    let answer!: (r: Response) => void;
    fetchMock.mockReturnValue(new Promise<Response>((r) => (answer = r)));
    const user = userEvent.setup();
    const { router } = renderScreen(RegisterScreen, { path: '/register' });
    await user.type(await screen.findByLabelText('Spitzname'), 'Anna');
    await user.type(screen.getByLabelText('E-Mail Adresse'), 'anna@example.org');
    await user.type(screen.getByLabelText('Passwort', { exact: true }), 'correct horse battery');
    await user.type(screen.getByLabelText('Passwort wiederholen'), 'correct horse battery');
    await user.click(screen.getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Konto erstellen' }));

    const busy = await screen.findByRole('button', { name: /Konto wird erstellt/ });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    answer(jsonResponse(201, { user: buildUser({ is_verified: false }), token: 'a', refresh_token: 'r' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/please-verify'));
    expect(useUserStore.getState().status).toBe('authenticated');
    expect(localStorage.getItem('prod-access-token')).toBe('a');
  });

  it('links the terms checkbox to /conditions and /privacy', async () => {
    renderScreen(RegisterScreen, { path: '/register' });
    expect(await screen.findByRole('link', { name: /Nutzungsbedingungen/ })).toHaveAttribute(
      'href',
      '/conditions',
    );
    expect(screen.getByRole('link', { name: /Datenschutzerklärung/ })).toHaveAttribute('href', '/privacy');
  });

  it('the password can be shown and hidden', async () => {
    const user = userEvent.setup();
    renderScreen(RegisterScreen, { path: '/register' });
    const password = await screen.findByLabelText('Passwort', { exact: true });
    expect(password).toHaveAttribute('type', 'password');
    const [toggle] = screen.getAllByRole('button', { name: 'Passwort anzeigen' });
    await user.click(toggle!);
    expect(password).toHaveAttribute('type', 'text');
    expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect(toggle).toHaveAccessibleName('Passwort verbergen');
  });
});
