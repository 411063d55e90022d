import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../lib/i18n.ts';
import { jsonResponse, renderScreen, stubApi } from '../../../test/render.tsx';
import { LinkedNoticeScreen } from './linked-notice-screen.tsx';

afterEach(async () => {
  vi.unstubAllGlobals();
  await i18n.changeLanguage('de');
});

const days = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString();
const SEARCH = '?u=31&e=1893456000&s=c2lnbmF0dXJl';
const API = `/api/moderation/notice-links/8${SEARCH}`;
const suspension = (over: Record<string, unknown> = {}) => ({
  id: 8,
  target_type: 'account',
  decision: 'member_suspended',
  rule: 'harassment',
  statement: 'Du hast in mehreren Chats gedroht.',
  until: days(10),
  created_at: days(-1),
  appealable_until: days(182),
  appeal: null,
  ...over,
});
const open = () =>
  renderScreen(LinkedNoticeScreen, { path: '/notices/:id/appeal', url: `/notices/8/appeal${SEARCH}` });

describe('issue 16 / DSA Art. 20: the signed link of a statement of reasons, without signing in', () => {
  it('shows that notice (what, why, which rule, until when) and sends the appeal with the link’s signature', async () => {
    let current = suspension();
    const fetchMock = stubApi({
      [`GET ${API}`]: () => jsonResponse(200, current),
      [`POST /api/moderation/notice-links/8/appeal${SEARCH}`]: () => {
        current = suspension({ appeal: { status: 'open', created_at: days(0), statement: null } });
        return jsonResponse(201, { id: 3, status: 'open' });
      },
    });
    const user = userEvent.setup();
    open();
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Begründung und Widerspruch' }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Konto vorübergehend gesperrt' })).toBeInTheDocument();
    expect(screen.getByText('Du hast in mehreren Chats gedroht.')).toBeInTheDocument();
    expect(screen.getByText(/Dein Konto ist bis zum .* gesperrt/)).toBeInTheDocument();
    expect(screen.getByText('Keine Belästigung und keine Drohungen', { exact: false })).toBeInTheDocument();
    expect(screen.getByText(/auch ohne dich anzumelden/)).toBeInTheDocument();
    // A suspended member cannot sign in: no way into the app is offered.
    expect(screen.queryByRole('link', { name: 'Entscheidungen des Teams' })).toBeNull();
    await user.type(screen.getByLabelText('Dein Widerspruch'), 'Das waren keine Drohungen.');
    await user.click(screen.getByRole('button', { name: 'Widerspruch senden' }));
    expect(await screen.findByText(/Dein Widerspruch ist angekommen/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Dein Widerspruch')).toBeNull();
    const post = fetchMock.mock.calls.find((c) => (c[1] as RequestInit | undefined)?.method === 'POST')!;
    expect(post[0]).toBe(`/api/moderation/notice-links/8/appeal${SEARCH}`);
    expect(JSON.parse((post[1] as RequestInit).body as string)).toEqual({
      text: 'Das waren keine Drohungen.',
    });
  });

  it('removed content: the reasons without the member’s words, and the way to them in the app', async () => {
    stubApi({
      [`GET ${API}`]: () =>
        jsonResponse(200, suspension({ target_type: 'post', decision: 'content_removed', until: null })),
    });
    open();
    expect(await screen.findByRole('heading', { name: 'Beitrag entfernt' })).toBeInTheDocument();
    expect(screen.queryByRole('blockquote')).toBeNull();
    expect(screen.getByRole('link', { name: 'Entscheidungen des Teams' })).toHaveAttribute(
      'href',
      '/notices/8',
    );
  });

  it('a forged or altered link: a calm screen that says what to do, and the way to customer service', async () => {
    stubApi({
      [`GET ${API}`]: () => jsonResponse(403, { message: 'Dieser Link ist ungültig.', code: 'invalid_link' }),
    });
    open();
    expect(
      await screen.findByRole('heading', { name: 'Dieser Link funktioniert nicht' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/genau so, wie er in unserer E-Mail steht/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('link', { name: 'Zum Kundenservice' })).toHaveAttribute(
      'href',
      '/customer-service',
    );
    expect(screen.queryByLabelText('Dein Widerspruch')).toBeNull();
  });

  it('an expired link, in English', async () => {
    await i18n.changeLanguage('en');
    stubApi({
      [`GET ${API}`]: () => jsonResponse(410, { message: 'This link has expired.', code: 'link_expired' }),
    });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Reasons and appeal' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'The time to appeal is over' })).toBeInTheDocument();
    expect(screen.getByText(/The decision stands/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to customer service' })).toHaveAttribute(
      'href',
      '/customer-service',
    );
  });
});
