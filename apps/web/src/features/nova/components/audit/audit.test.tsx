import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { AUDIT_ACTIONS } from '@trostnetz/contracts/admin';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { renderConsole, staff } from '../../../../test/console-render.tsx';
import { jsonResponse, stubApi } from '../../../../test/render.tsx';
import { CONSOLE_NS } from '../../console-texts.ts';
import { AuditScreen } from './audit-screen.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const entry = {
  id: 2,
  actor: { id: 900, nickname: 'Mira' },
  action: 'report.content_removed',
  target_type: 'report',
  target_id: 1,
  target_label: 'post:2',
  reason: 'Dein Beitrag greift jemanden an.',
  created_at: '2026-11-20T10:00:00.000Z',
};

describe('issue 16: the audit log', () => {
  it('shows who did what, on whom, when and why; filters go to the API and into the address', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/audit': () =>
        jsonResponse(200, {
          items: [
            entry,
            {
              ...entry,
              id: 3,
              action: 'appeal.reversed',
              target_type: 'appeal',
              target_id: 4,
              target_label: 'notice:7',
            },
            {
              ...entry,
              id: 4,
              action: 'member.suspended',
              target_type: 'member',
              target_id: 12,
              target_label: 'Alma',
            },
          ],
          next_cursor: null,
        }),
      'GET /api/admin/audit?actor=900&action=report.decide': () =>
        jsonResponse(200, { items: [], next_cursor: null }),
    });
    const me = staff({ permissions: ['audit.view'] });
    const { router } = renderConsole(AuditScreen, { path: '/nova/audit', me });
    const table = await screen.findByRole('table', { name: 'Protokoll der Handlungen des Teams' });
    const row = within(table).getAllByRole('row')[1]!;
    expect(row).toHaveTextContent('Mira');
    expect(row).toHaveTextContent('Meldung: Inhalt entfernt');
    // On whom: kind and number, and what it concerns (never a raw "post:2").
    expect(row).toHaveTextContent('Meldung #1 · Beitrag #2');
    expect(within(table).getAllByRole('row')[2]!).toHaveTextContent('Widerspruch #4 · Entscheidung #7');
    expect(within(table).getAllByRole('row')[3]!).toHaveTextContent('Mitglied Alma');
    expect(table).not.toHaveTextContent(/post:2|notice:7/);
    expect(row).toHaveTextContent('Dein Beitrag greift jemanden an.');

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Wer (Name oder ID)'), '900');
    await user.type(screen.getByLabelText('Was (Handlung)'), 'report.decide');
    await user.click(screen.getByRole('button', { name: 'Filter anwenden' }));
    expect(await screen.findByText('Keine Einträge')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?actor=900&action=report.decide');
    expect(fetchMock.mock.calls.map((c) => c[0])).toContain(
      '/api/admin/audit?actor=900&action=report.decide',
    );
  });

  it('without audit.view the log stays closed', async () => {
    stubApi({});
    renderConsole(AuditScreen, { path: '/nova/audit', me: staff({ permissions: ['reports.view'] }) });
    expect(await screen.findByText('Dafür fehlt dir die Berechtigung')).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('every action the server records has its name in German and English (none shows as a raw code)', () => {
    const key = (action: string) => `${CONSOLE_NS}:audit.actions.${action.replace(/[.:]/g, '_')}`;
    const missing = (['de', 'en'] as const).flatMap((lng) =>
      AUDIT_ACTIONS.filter((a) => !i18n.exists(key(a), { lng })).map((a) => `${lng} ${a}`),
    );
    expect(missing).toEqual([]);
  });
});
