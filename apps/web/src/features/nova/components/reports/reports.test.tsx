import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../../lib/i18n.ts';
import { renderConsole, staff } from '../../../../test/console-render.tsx';
import { jsonResponse, stubApi } from '../../../../test/render.tsx';
import { ReportScreen } from './report-screen.tsx';
import { ReportsScreen } from './reports-screen.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
  await i18n.changeLanguage('de');
});

const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
const item = (over: Record<string, unknown>) => ({
  id: 1,
  target_type: 'post',
  target_id: 10,
  reasons: ['harassment'],
  concern: false,
  excerpt: 'Ein Text',
  report_count: 1,
  oldest_at: hoursAgo(5),
  status: 'open',
  assignee: null,
  ...over,
});

const report = (over: Record<string, unknown> = {}) => ({
  ...item({}),
  snapshot: { title: 'Ein schwerer Tag', text: 'Du bist schuld.', created_at: hoursAgo(6) },
  author: { id: 5, nickname: 'Ben' },
  context: [],
  reports: [
    {
      id: 11,
      reason: 'harassment',
      details: 'Greift an.',
      reporter: { id: 7, nickname: 'Ada' },
      created_at: hoursAgo(5),
    },
  ],
  decision: null,
  ...over,
});

describe('issue 16: the moderation queue', () => {
  it('shows reports of concern first as the server orders them, marked in words, with the count and the age', async () => {
    stubApi({
      'GET /api/admin/reports?status=open': () =>
        jsonResponse(200, {
          items: [
            item({
              id: 2,
              reasons: ['self_harm'],
              concern: true,
              excerpt: 'Ich kann nicht mehr',
              oldest_at: hoursAgo(1),
            }),
            item({ id: 1, report_count: 3, excerpt: 'Spam hier' }),
          ],
        }),
    });
    renderConsole(ReportsScreen, { path: '/nova/reports' });
    const table = await screen.findByRole('table', { name: 'Offene Meldungen' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]).toHaveTextContent('Sorge um eine Person');
    expect(rows[0]).toHaveTextContent('Ich kann nicht mehr');
    expect(rows[1]).not.toHaveTextContent('Sorge um eine Person');
    expect(rows[1]).toHaveTextContent('3');
    expect(rows[1]).toHaveTextContent('vor 5 Stunden');
    expect(within(rows[0]!).getByRole('link', { name: /^Öffnen/ })).toHaveAttribute(
      'href',
      '/nova/reports/2',
    );
  });

  it('an empty queue says so, and the states are chosen by buttons', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/reports?status=open': () => jsonResponse(200, { items: [] }),
      'GET /api/admin/reports?status=resolved': () => jsonResponse(200, { items: [] }),
    });
    renderConsole(ReportsScreen, { path: '/nova/reports' });
    expect(await screen.findByText('Keine offenen Meldungen')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Erledigt' }));
    expect(await screen.findByText('Noch nichts erledigt')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map((c) => c[0])).toContain('/api/admin/reports?status=resolved');
    // Every console call carries the staff token, never a member's.
    const init = fetchMock.mock.calls[0]![1] as RequestInit;
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer staff-token');
  });
});

describe('issue 16: one report', () => {
  it('a report of concern brings the crisis guidance for the moderator, with the crisis numbers', async () => {
    stubApi({
      'GET /api/admin/reports/2': () =>
        jsonResponse(200, report({ id: 2, reasons: ['self_harm'], concern: true })),
    });
    renderConsole(ReportScreen, { path: '/nova/reports/:id', url: '/nova/reports/2' });
    const guidance = await screen.findByRole('region', { name: 'Sorge um eine Person: so gehst du vor' });
    expect(guidance).toHaveTextContent('112');
    expect(within(guidance).getByRole('link', { name: '0800 111 0 111' })).toHaveAttribute(
      'href',
      'tel:+498001110111',
    );
  });

  it('the snapshot and the reporters (staff only) are shown; taking it, then deciding with rule, statement and note', async () => {
    let current = report();
    const fetchMock = stubApi({
      'GET /api/admin/reports/1': () => jsonResponse(200, current),
      'POST /api/admin/reports/1/assign': () => {
        current = report({ status: 'in_review', assignee: { id: 900, nickname: 'Mira' } });
        return jsonResponse(200, current);
      },
      'POST /api/admin/reports/1/decision': () => {
        current = report({
          status: 'resolved',
          assignee: { id: 900, nickname: 'Mira' },
          decision: {
            decision: 'content_removed',
            rule: 'respect',
            statement: 'Dein Beitrag greift jemanden an.',
            note: 'Erste Meldung.',
            decided_by: { id: 900, nickname: 'Mira' },
            decided_at: new Date().toISOString(),
          },
        });
        return jsonResponse(200, current);
      },
    });
    const user = userEvent.setup();
    renderConsole(ReportScreen, { path: '/nova/reports/:id', url: '/nova/reports/1' });
    expect(await screen.findByText('Du bist schuld.')).toBeInTheDocument();
    expect(screen.getByText(/Ada/)).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Sorge um eine Person/ })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Übernehmen' }));
    const form = await screen.findByRole('form', { name: 'Entscheiden' });
    await user.click(within(form).getByRole('button', { name: 'Entscheidung senden' }));
    expect(fetchMock.mock.calls.filter((c) => String(c[0]).endsWith('/decision'))).toHaveLength(0);

    await user.click(within(form).getByRole('radio', { name: 'Inhalt entfernen' }));
    await user.selectOptions(within(form).getByLabelText('Regel'), 'respect');
    await user.type(
      within(form).getByLabelText('Begründung für die betroffene Person'),
      'Dein Beitrag greift jemanden an.',
    );
    await user.type(within(form).getByLabelText('Interne Notiz'), 'Erste Meldung.');
    await user.click(within(form).getByRole('button', { name: 'Entscheidung senden' }));
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Entscheidung' })).toBeInTheDocument());
    const call = fetchMock.mock.calls.find((c) => String(c[0]).endsWith('/decision'))!;
    expect(JSON.parse((call[1] as RequestInit).body as string)).toMatchObject({
      decision: 'content_removed',
      rule: 'respect',
      statement: 'Dein Beitrag greift jemanden an.',
      note: 'Erste Meldung.',
    });
  });

  it('without reports.decide the report can be read but not taken', async () => {
    stubApi({ 'GET /api/admin/reports/1': () => jsonResponse(200, report()) });
    renderConsole(ReportScreen, {
      path: '/nova/reports/:id',
      url: '/nova/reports/1',
      me: staff({ permissions: ['reports.view'] }),
    });
    expect(await screen.findByText('Du bist schuld.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Übernehmen' })).toBeNull();
  });
});
