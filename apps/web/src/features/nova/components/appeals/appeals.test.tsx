import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderConsole } from '../../../../test/console-render.tsx';
import { jsonResponse, stubApi } from '../../../../test/render.tsx';
import { AppealsScreen } from './appeals-screen.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const appeal = (over: Record<string, unknown> = {}) => ({
  id: 3,
  text: 'Ich wollte niemanden angreifen.',
  status: 'open',
  statement: null,
  created_at: new Date().toISOString(),
  member: { id: 5, nickname: 'Ben' },
  notice: {
    id: 4,
    decision: 'content_removed',
    rule: 'respect',
    statement: 'Dein Beitrag greift jemanden an.',
    content: 'Du bist schuld.',
    decided_by: { id: 901, nickname: 'Jonas' },
  },
  ...over,
});

describe('issue 16 / DSA Art. 20: appeals are decided by another moderator', () => {
  it('the moderator of the first decision sees the appeal but no form to decide it', async () => {
    stubApi({
      'GET /api/admin/appeals?status=open': () =>
        jsonResponse(200, {
          items: [appeal({ notice: { ...appeal().notice, decided_by: { id: 900, nickname: 'Mira' } } })],
        }),
    });
    renderConsole(AppealsScreen, { path: '/nova/appeals' });
    const card = await screen.findByRole('article');
    expect(card).toHaveTextContent('Ich wollte niemanden angreifen.');
    expect(within(card).getByText(/Du hast die erste Entscheidung getroffen/)).toBeInTheDocument();
    expect(within(card).queryByRole('radio')).toBeNull();
  });

  it('another moderator reverses it with an answer to the member; the server’s refusal would be shown', async () => {
    const fetchMock = stubApi({
      'GET /api/admin/appeals?status=open': () => jsonResponse(200, { items: [appeal()] }),
      'POST /api/admin/appeals/3/decision': () => jsonResponse(403, { message: 'x', code: 'forbidden' }),
    });
    const user = userEvent.setup();
    renderConsole(AppealsScreen, { path: '/nova/appeals' });
    const card = await screen.findByRole('article');
    expect(card).toHaveTextContent('Jonas');
    await user.click(within(card).getByRole('radio', { name: 'Entscheidung aufheben' }));
    await user.type(
      within(card).getByLabelText('Antwort an die Person'),
      'Wir haben es noch einmal gelesen.',
    );
    await user.click(within(card).getByRole('button', { name: 'Entscheidung senden' }));
    expect(await within(card).findByRole('alert')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find((c) => String(c[0]).endsWith('/decision'))!;
    expect(JSON.parse((call[1] as RequestInit).body as string)).toEqual({
      decision: 'reversed',
      statement: 'Wir haben es noch einmal gelesen.',
    });
  });
});
