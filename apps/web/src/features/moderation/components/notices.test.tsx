import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { jsonResponse, renderScreen, stubApi } from '../../../test/render.tsx';
import { NoticeScreen } from './notice-screen.tsx';
import { NoticesScreen } from './notices-screen.tsx';
import { appealState } from './use-notice-format.ts';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('de');
});

const days = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
const notice = (over: Record<string, unknown> = {}) => ({
  id: 4,
  target_type: 'post',
  decision: 'content_removed',
  rule: 'respect',
  statement: 'Dein Beitrag greift eine andere Person direkt an.',
  content: 'Ein schwerer Tag\n\nDu bist schuld.',
  until: null,
  created_at: days(-1),
  appealable_until: days(179),
  appeal: null,
  ...over,
});

describe('issue 16 / DSA Art. 17: the statement of reasons a member receives', () => {
  it('says what was decided, why, under which rule, that a person decided, and how to contest it', async () => {
    stubApi({ 'GET /api/moderation/notices': () => jsonResponse(200, { items: [notice()] }) });
    renderScreen(NoticeScreen, { path: '/notices/:id', url: '/notices/4' });
    expect(await screen.findByRole('heading', { name: 'Beitrag entfernt' })).toBeInTheDocument();
    expect(screen.getByText('Dein Beitrag greift eine andere Person direkt an.')).toBeInTheDocument();
    expect(screen.getByText('Respektvoller Umgang', { exact: false })).toBeInTheDocument();
    expect(screen.getByText(/keine automatisierten Mittel/)).toBeInTheDocument();
    expect(screen.getByText(/Du bist schuld\./)).toBeInTheDocument();
    expect(screen.getByText(/außergerichtliche Streitbeilegungsstelle/)).toBeInTheDocument();
    expect(screen.getByLabelText('Dein Widerspruch')).toBeInTheDocument();
  });

  it('DSA Art. 20: the appeal is sent once; afterwards its state shows instead of the form', async () => {
    let current = notice();
    const fetchMock = stubApi({
      'GET /api/moderation/notices': () => jsonResponse(200, { items: [current] }),
      'POST /api/moderation/appeals': () => {
        current = notice({
          appeal: { status: 'open', text: 'Ich war traurig.', created_at: days(0), statement: null },
        });
        return jsonResponse(201, { id: 1 });
      },
    });
    const user = userEvent.setup();
    renderScreen(NoticeScreen, { path: '/notices/:id', url: '/notices/4' });
    await user.type(await screen.findByLabelText('Dein Widerspruch'), 'Ich war traurig.');
    await user.click(screen.getByRole('button', { name: 'Widerspruch senden' }));
    expect(await screen.findByText(/Dein Widerspruch ist angekommen/)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Dein Widerspruch')).toBeNull());
    const call = fetchMock.mock.calls.find((c) => c[0] === '/api/moderation/appeals')!;
    expect(JSON.parse((call[1] as RequestInit).body as string)).toEqual({
      notice_id: 4,
      text: 'Ich war traurig.',
    });
  });

  it('after six months the appeal is no longer offered', async () => {
    stubApi({
      'GET /api/moderation/notices': () =>
        jsonResponse(200, { items: [notice({ created_at: days(-200), appealable_until: days(-17) })] }),
    });
    renderScreen(NoticeScreen, { path: '/notices/:id', url: '/notices/4' });
    expect(await screen.findByText(/Frist von sechs Monaten/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Dein Widerspruch')).toBeNull();
  });

  it('the list links each decision with where its appeal stands; in English too', async () => {
    await i18n.changeLanguage('en');
    stubApi({
      'GET /api/moderation/notices': () =>
        jsonResponse(200, {
          items: [
            notice(),
            notice({
              id: 5,
              appeal: { status: 'reversed', text: 'x', created_at: days(0), statement: 'Sorry.' },
            }),
          ],
        }),
      'GET /api/moderation/reports': () => jsonResponse(200, { items: [] }),
    });
    renderScreen(NoticesScreen, { path: '/notices' });
    const links = await screen.findAllByRole('link', { name: /Post removed/ });
    expect(links.map((l) => l.getAttribute('href'))).toEqual(['/notices/4', '/notices/5']);
    expect(links[0]).toHaveTextContent('Appeal possible');
    expect(links[1]).toHaveTextContent('Appeal successful');
  });

  it('appealState: decided, waiting, possible until the deadline, then expired', () => {
    const now = new Date();
    expect(appealState(notice() as never, now)).toBe('possible');
    expect(appealState(notice({ appealable_until: days(-1) }) as never, now)).toBe('expired');
    expect(appealState(notice({ appealable_until: null }) as never, now)).toBe('none');
  });

  it('DSA Art. 16(4), (5): what I reported and where it stands, with the decision’s kind; never whom or what', async () => {
    const report = (over: Record<string, unknown>) => ({
      id: 41,
      target_type: 'post',
      reason: 'harassment',
      created_at: '2026-11-02T10:00:00.000Z',
      status: 'open',
      decision: null,
      decided_at: null,
      ...over,
    });
    stubApi({
      'GET /api/moderation/notices': () => jsonResponse(200, { items: [] }),
      'GET /api/moderation/reports': () =>
        jsonResponse(200, {
          items: [
            report({ id: 43, target_type: 'chat_message', reason: 'self_harm' }),
            report({ id: 42, target_type: 'profile', status: 'in_review', reason: 'fake_profile' }),
            report({
              status: 'resolved',
              decision: 'content_removed',
              decided_at: '2026-11-04T09:00:00.000Z',
            }),
          ],
        }),
    });
    renderScreen(NoticesScreen, { path: '/notices' });
    expect(await screen.findByRole('heading', { name: 'Deine Meldungen' })).toBeInTheDocument();
    const items = (await screen.findAllByRole('listitem')).map((li) => li.textContent);
    expect(items).toEqual([
      'Nachricht gemeldet am 2. November 2026Grund: Ich mache mir Sorgen um diese Person · Nummer M-43Angekommen, wir sehen es uns an',
      'Profiltext gemeldet am 2. November 2026Grund: Falsches Profil · Nummer M-42Wird gerade geprüft',
      'Beitrag gemeldet am 2. November 2026Grund: Belästigung oder Beleidigung · Nummer M-41Entschieden am 4. November 2026: Inhalt entfernt',
    ]);
    expect(screen.getByRole('link', { name: 'Zum Kundenservice' })).toHaveAttribute(
      'href',
      '/customer-service',
    );
    // Nothing about me was decided: the empty state stays.
    expect(screen.getByRole('heading', { name: 'Keine Entscheidungen' })).toBeInTheDocument();
  });
});
