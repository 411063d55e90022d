import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminMemberDetail } from '@trostnetz/contracts/admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { renderConsole, staff } from '../../../../test/console-render.tsx';
import { jsonResponse, stubApi } from '../../../../test/render.tsx';
import { MemberScreen } from './member-screen.tsx';
import { MembersScreen } from './members-screen.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  await i18n.changeLanguage('de');
});

const row = {
  id: 5,
  nickname: 'Ben',
  email: 'ben@example.org',
  verified: true,
  onboarded: true,
  premium: false,
  roles: [],
  suspended_until: null,
  deletion_pending: false,
  created_at: '2026-01-02T10:00:00.000Z',
};
const detail: AdminMemberDetail = {
  ...row,
  last_seen_at: null,
  second_factor_enrolled_at: null,
  sessions: [
    { id: 1, created_at: '2026-11-01T10:00:00.000Z', last_used_at: null, client: 'Firefox', revoked: false },
  ],
  reports_about: [],
  reports_by: [],
  notes: [],
  suspensions: [],
  notices: [],
};

describe('issue 16: members', () => {
  it('searches by e-mail, nickname or id through the address', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/members': () => jsonResponse(200, { items: [], next_cursor: null }),
      'GET /api/admin/members?q=ben%40example.org': () =>
        jsonResponse(200, { items: [row], next_cursor: null }),
    });
    const user = userEvent.setup();
    const { router } = renderConsole(MembersScreen, { path: '/nova/members' });
    expect(await screen.findByText('Niemand gefunden')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-Mail Adresse, Spitzname oder ID'), 'ben@example.org');
    await user.click(screen.getByRole('button', { name: 'Suchen' }));
    expect(await screen.findByRole('link', { name: 'Ben' })).toHaveAttribute('href', '/nova/members/5');
    expect(router.state.location.search).toBe('?q=ben%40example.org');
    expect(fetchMock.mock.calls.map((c) => c[0])).toContain('/api/admin/members?q=ben%40example.org');
  });

  it('suspending asks for a reason from the list, the statement, the end date and the password again', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/members/5': () => jsonResponse(200, detail),
      'POST /api/admin/members/5/suspension': () => jsonResponse(403, { message: 'x', code: 'forbidden' }),
    });
    const user = userEvent.setup();
    renderConsole(MemberScreen, { path: '/nova/members/:id', url: '/nova/members/5' });
    await user.click(await screen.findByRole('button', { name: 'Sperren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ben sperren' });
    await user.click(within(dialog).getByRole('button', { name: 'Sperren' }));
    // Nothing is sent while reason, statement, date or password are missing.
    expect(fetchMock.mock.calls.some((c) => String(c[0]).endsWith('/suspension'))).toBe(false);
    expect(within(dialog).getAllByText('Diese Angabe ist notwendig.').length).toBeGreaterThanOrEqual(3);

    await user.selectOptions(within(dialog).getByLabelText('Grund'), 'harassment');
    await user.type(
      within(dialog).getByLabelText('Begründung für das Mitglied'),
      'Wiederholte Drohungen im Chat.',
    );
    await user.type(within(dialog).getByLabelText('Gesperrt bis'), '2030-01-31');
    await user.type(within(dialog).getByLabelText('Dein Passwort'), 'a long staff passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'Sperren' }));
    expect(await within(dialog).findByRole('alert')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find((c) => String(c[0]).endsWith('/suspension'))!;
    expect(JSON.parse((call[1] as RequestInit).body as string)).toEqual({
      reason_code: 'harassment',
      text: 'Wiederholte Drohungen im Chat.',
      until: '2030-01-31',
      password: 'a long staff passphrase',
    });
  });

  it('shows only the actions the staff member’s permissions allow (roles: admins only)', async () => {
    stubApi({ 'GET /api/admin/members/5': () => jsonResponse(200, detail) });
    renderConsole(MemberScreen, {
      path: '/nova/members/:id',
      url: '/nova/members/5',
      me: staff({ permissions: ['members.view'] }),
    });
    expect(await screen.findByRole('heading', { name: 'Handlungen' })).toBeInTheDocument();
    for (const name of [
      'Sperren',
      'Rollen',
      'Konto löschen',
      'Premium schenken',
      'Alle Anmeldungen beenden',
      'Zweiten Faktor zurücksetzen',
    ]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    // Sessions are listed without addresses: when, last use, the kind of client.
    await waitFor(() => expect(screen.getByText('Firefox')).toBeInTheDocument());
  });

  it('an admin resets a staff member’s second factor: reason and password asked, the member page says it is gone', async () => {
    let current: AdminMemberDetail = {
      ...detail,
      roles: ['support'],
      second_factor_enrolled_at: '2026-10-01T09:00:00.000Z',
    };
    const fetchMock = stubApi({
      'GET /api/admin/members/5': () => jsonResponse(200, current),
      'DELETE /api/admin/members/5/second-factor': () => {
        current = { ...current, second_factor_enrolled_at: null };
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderConsole(MemberScreen, {
      path: '/nova/members/:id',
      url: '/nova/members/5',
      me: staff({ roles: ['admin'], permissions: ['members.view', 'roles.assign'] }),
    });
    expect(await screen.findByText('eingerichtet am 01.10.2026')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Zweiten Faktor zurücksetzen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zweiten Faktor von Ben zurücksetzen' });
    expect(dialog).toHaveTextContent('Bei der nächsten Anmeldung richtet sie den zweiten Faktor neu ein.');
    await user.type(within(dialog).getByLabelText('Begründung (kommt ins Protokoll)'), 'Telefon verloren.');
    await user.type(within(dialog).getByLabelText('Dein Passwort'), 'a long staff passphrase');
    await user.click(within(dialog).getByRole('button', { name: 'Zurücksetzen' }));
    expect(
      await screen.findByText(
        'Der zweite Faktor ist zurückgesetzt; die Person richtet ihn bei der nächsten Anmeldung neu ein.',
      ),
    ).toBeInTheDocument();
    const call = fetchMock.mock.calls.find((c) => String(c[0]).endsWith('/second-factor'))!;
    expect(JSON.parse((call[1] as RequestInit).body as string)).toEqual({
      text: 'Telefon verloren.',
      password: 'a long staff passphrase',
    });
    expect(await screen.findByText('nicht eingerichtet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zweiten Faktor zurücksetzen' })).toBeNull();
  });

  it('in English, and never for oneself', async () => {
    await i18n.changeLanguage('en');
    stubApi({
      'GET /api/admin/members/900': () =>
        jsonResponse(200, {
          ...detail,
          id: 900,
          roles: ['admin'],
          second_factor_enrolled_at: '2026-10-01T09:00:00.000Z',
        }),
    });
    renderConsole(MemberScreen, {
      path: '/nova/members/:id',
      url: '/nova/members/900',
      me: staff({ roles: ['admin'], permissions: ['members.view', 'roles.assign'] }),
    });
    expect(await screen.findByText('Second factor (administration)')).toBeInTheDocument();
    expect(screen.getByText('set up on Oct 1, 2026')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reset second factor' })).toBeNull();
  });
});
