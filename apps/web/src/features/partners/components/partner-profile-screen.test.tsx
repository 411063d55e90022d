import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ForeignProfile } from '@trostnetz/contracts/partners';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { followFriendshipEvents } from '../../../domain/friendship/friendship.ts';
import { realtimeBus } from '../../../lib/realtime.ts';
import { buildPartner } from '../../../test/chat-factories.ts';
import { jsonResponse, renderScreen } from '../../../test/render.tsx';
import { PartnerProfileScreen } from './partner-profile-screen.tsx';

const buildProfile = (overrides: Partial<ForeignProfile> = {}): ForeignProfile => ({
  id: 21,
  nickname: 'Jonas',
  avatar: null,
  motto: null,
  about: 'Ich höre gern zu.',
  details: [],
  role: 'supporter',
  friend_status: 3,
  is_watched: false,
  online: false,
  member_since: '2025-03-01T00:00:00.000Z',
  reason: [{ question: 'Was hast du erlebt?', answers: ['Tod eines Haustiers'] }],
  request_message: null,
  words: null,
  ...overrides,
});

const fetchMock = vi.fn();
let profile: ForeignProfile;
let actionAnswer: () => Response;
beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  fetchMock.mockReset();
  profile = buildProfile();
  actionAnswer = () => jsonResponse(200, { success: true, message: 'ok' });
  fetchMock.mockImplementation(async (url: string, init: RequestInit) => {
    if (url === '/api/profile/21') return jsonResponse(200, profile);
    if (url.startsWith('/api/user/friend/') && init.method === 'POST') return actionAnswer();
    if (url === '/api/user/watchlist/21') return jsonResponse(200, []);
    if (url === '/api/block')
      return jsonResponse(201, {
        id: 3,
        userId: 21,
        nickname: 'Jonas',
        avatar: null,
        created_at: '2026-01-01T00:00:00.000Z',
      });
    if (url === '/api/reports') return jsonResponse(201, { id: 9, status: 'open' });
    return jsonResponse(404, { message: 'Nicht gefunden.', code: 'not_found' });
  });
});
afterEach(() => vi.unstubAllGlobals());

const open = () => renderScreen(PartnerProfileScreen, { path: '/profile/:id', url: '/profile/21' });
const calls = (path: string) =>
  fetchMock.mock.calls.filter(([url]) => url === path).map(([, init]) => (init as RequestInit).body);
const connection = async () =>
  within((await screen.findByRole('heading', { name: 'Eure Verbindung' })).closest('section') as HTMLElement);

/** Opens the action's dialog from the profile, types a message and confirms. */
async function confirmAction(button: string, confirm: string, message?: string) {
  await userEvent.click((await connection()).getByRole('button', { name: button }));
  const dialog = await screen.findByRole('dialog');
  // The dialog's form loads when it first opens.
  if (message)
    await userEvent.type(await within(dialog).findByLabelText('Persönliche Nachricht (freiwillig)'), message);
  await userEvent.click(await within(dialog).findByRole('button', { name: confirm }));
}

describe('partner profile', () => {
  it('profile visibility: shows the motto and the details the member lets this viewer see', async () => {
    profile = buildProfile({
      motto: 'Ein Tag nach dem anderen',
      details: [
        { key: 'age_group', question: 'Wie alt bist du?', answers: ['26–35 Jahre'] },
        {
          key: 'support_kind',
          question: 'Welche Art von Unterstützung wünschst du dir?',
          answers: ['Jemand, der zuhört', 'Regelmäßig schreiben'],
        },
      ],
    });
    open();
    expect(await screen.findByText('Ein Tag nach dem anderen', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Wie alt bist du?')).toBeInTheDocument();
    expect(screen.getByText('26–35 Jahre')).toBeInTheDocument();
    expect(screen.getByText('Jemand, der zuhört, Regelmäßig schreiben')).toBeInTheDocument();
  });

  it('shows nickname, about, role, member since and "Warum ihr passt"', async () => {
    open();
    // The first render of the file also loads the screen's modules: more time on a busy machine.
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Jonas' }, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Ich höre gern zu.')).toBeInTheDocument();
    expect(screen.getByText('Unterstützt andere')).toBeInTheDocument();
    expect(screen.getByText('Dabei seit März 2025')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Warum ihr passt' })).toBeInTheDocument();
  });

  it.each([
    ['accept', 2, 'Jonas hat deine Anfrage angenommen und dir dazu geschrieben:'],
    ['deny', 3, 'Jonas hat deine Anfrage abgelehnt und dir dazu geschrieben:'],
    ['retract', 3, 'Jonas hat die Anfrage an dich zurückgezogen und dir dazu geschrieben:'],
    ['remove', 3, 'Jonas hat eure Verbindung beendet und dir dazu geschrieben:'],
  ] as const)('the words Jonas wrote when it came to “%s” are shown with the connection', async (action, status, label) => {
    profile = buildProfile({
      friend_status: status,
      words: { action, message: 'Ich wünsche dir viel Kraft.', at: '2026-01-02T10:00:00.000Z' },
    });
    open();
    const card = await connection();
    expect(await card.findByText('Ich wünsche dir viel Kraft.')).toBeInTheDocument();
    expect(card.getByText(label)).toBeInTheDocument();
  });

  it('the words are shown in English too', async () => {
    const { i18n } = await import('../../../lib/i18n.ts');
    await i18n.changeLanguage('en');
    try {
      profile = buildProfile({
        words: { action: 'deny', message: 'Take care.', at: '2026-01-02T10:00:00.000Z' },
      });
      open();
      expect(await screen.findByText('Take care.', {}, { timeout: 5000 })).toBeInTheDocument();
      expect(screen.getByText('Jonas declined your request and wrote to you:')).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('de');
    }
  });

  it('404 (hidden, deleted or unknown): a calm "not available" state', async () => {
    profile = undefined as unknown as ForeignProfile;
    fetchMock.mockImplementation(async () => jsonResponse(404, { message: 'x', code: 'not_found' }));
    open();
    expect(
      await screen.findByRole('heading', { name: 'Dieses Profil ist gerade nicht verfügbar' }),
    ).toBeInTheDocument();
  });
});

describe('SPEC.md §4 Friendship: the actions each status allows, with an optional message (§5)', () => {
  it('none (3) → request sent: "Kontakt anfragen" sends {message} and reloads the profile', async () => {
    actionAnswer = () =>
      jsonResponse(200, {
        success: true,
        partner: {
          id: 21,
          chat_id: 1,
          nickname: 'Jonas',
          avatar: null,
          has_messages: false,
          friend_status: 0,
          online: false,
          is_suggestion: false,
          reason: [],
          request_message: 'Hallo',
          supporter: false,
          befriended_at: null,
          updated_at: '2026-01-01T00:00:00.000Z',
        },
      });
    open();
    profile = buildProfile({ friend_status: 0 });
    await confirmAction('Kontakt anfragen', 'Anfrage senden', 'Hallo');
    expect(calls('/api/user/friend/request/send/21')).toEqual([JSON.stringify({ message: 'Hallo' })]);
    expect(await screen.findByText('Anfrage gesendet')).toBeInTheDocument();
  });

  it('request sent (0) → none: only "Anfrage zurückziehen"; the message is optional', async () => {
    profile = buildProfile({ friend_status: 0 });
    open();
    const section = await connection();
    expect(section.queryByRole('button', { name: 'Kontakt anfragen' })).not.toBeInTheDocument();
    await confirmAction('Anfrage zurückziehen', 'Zurückziehen');
    expect(calls('/api/user/friend/request/retract/21')).toEqual([JSON.stringify({})]);
  });

  it('request received (1): the message, accept → befriended, deny → none', async () => {
    profile = buildProfile({ friend_status: 1, request_message: 'Magst du schreiben?' });
    open();
    expect(await screen.findByText('Magst du schreiben?')).toBeInTheDocument();
    await confirmAction('Annehmen', 'Anfrage annehmen', 'Gern');
    expect(calls('/api/user/friend/request/accept/21')).toEqual([JSON.stringify({ message: 'Gern' })]);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await confirmAction('Ablehnen', 'Anfrage ablehnen');
    expect(calls('/api/user/friend/request/deny/21')).toHaveLength(1);
  });

  it('befriended (2) → none: write a message or end the connection', async () => {
    profile = buildProfile({ friend_status: 2 });
    open();
    const section = await connection();
    expect(section.getByText('Ihr seid Trostpartner')).toBeInTheDocument();
    expect(section.getByRole('link', { name: 'Nachricht schreiben' })).toHaveAttribute('href', '/chat/21');
    await confirmAction('Verbindung beenden', 'Verbindung beenden', 'Alles Gute');
    expect(calls('/api/user/friend/list/remove/21')).toEqual([JSON.stringify({ message: 'Alles Gute' })]);
  });

  it("409 friendship_state: the server's translated message, and the profile reloads to the fresh state", async () => {
    const text = 'Das passt nicht mehr zum aktuellen Stand eurer Verbindung. Die Liste wurde aktualisiert.';
    actionAnswer = () => jsonResponse(409, { message: text, code: 'friendship_state' });
    profile = buildProfile({ friend_status: 1 });
    open();
    await screen.findByText('Unterstützt andere');
    profile = buildProfile({ friend_status: 3 });
    await confirmAction('Annehmen', 'Anfrage annehmen');
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(text);
    await userEvent.keyboard('{Escape}');
    expect(await (await connection()).findByRole('button', { name: 'Kontakt anfragen' })).toBeInTheDocument();
  });
});

describe('watch, hide and report', () => {
  it('watch adds to the watchlist', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Merken' }));
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([u, i]) => u === '/api/user/watchlist/21' && i.method === 'POST'),
      ).toBe(true),
    );
  });

  it('hiding asks first, explains that they are never told, then goes to the hidden list', async () => {
    const { router } = open();
    await userEvent.click(await screen.findByRole('button', { name: 'Ausblenden' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Jonas wird darüber nie benachrichtigt.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Ausblenden' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/blocklist'));
    expect(calls('/api/block')).toEqual([JSON.stringify({ userId: 21 })]);
  });

  it('issue 9 item 17: the report dialog names the member, never a raw {{nickname}}', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Melden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Jonas melden' });
    expect(
      within(dialog).getByText(
        'Unser Moderationsteam sieht sich die Meldung vertraulich an. Jonas erfährt nicht, wer gemeldet hat.',
      ),
    ).toBeInTheDocument();
    expect(dialog).not.toHaveTextContent('{{');
  });

  it('a report needs a reason and ends with a thank-you', async () => {
    open();
    await userEvent.click(await screen.findByRole('button', { name: 'Melden' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Meldung senden' }));
    expect(await within(dialog).findByText('Diese Angabe ist notwendig.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('radio', { name: 'Falsches Profil' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Meldung senden' }));
    expect(await within(dialog).findByText(/Danke, dass du uns Bescheid gibst/)).toBeInTheDocument();
    expect(calls('/api/reports')).toEqual([
      JSON.stringify({ type: 'profile', id: 21, reason: 'fake_profile' }),
    ]);
  });
});

describe('issue 9 item 17: a friendship dialog says its message is optional once', () => {
  it.each([
    [0, 'Anfrage zurückziehen'],
    [2, 'Verbindung beenden'],
    [3, 'Kontakt anfragen'],
  ] as const)('friend_status %i, "%s"', async (friend_status, button) => {
    profile = buildProfile({ friend_status });
    open();
    await userEvent.click(await (await connection()).findByRole('button', { name: button }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent?.match(/freiwillig/gi)).toHaveLength(1);
  });
});

describe('issue 9 item 15: the profile follows live friendship changes', () => {
  it('the other side accepts (FriendRequestConfirmation): "retract" gives way to befriended without a reload', async () => {
    profile = buildProfile({ friend_status: 0 });
    const { client } = open();
    const stop = followFriendshipEvents(client);
    expect(
      await (await connection()).findByRole('button', { name: 'Anfrage zurückziehen' }),
    ).toBeInTheDocument();
    profile = buildProfile({ friend_status: 2 });
    act(() =>
      realtimeBus.emit('FriendRequestConfirmation', {
        contact: buildPartner(),
        friend_status: 2,
        message: null,
      }),
    );
    expect(await (await connection()).findByText('Ihr seid Trostpartner')).toBeInTheDocument();
    expect((await connection()).queryByRole('button', { name: 'Anfrage zurückziehen' })).toBeNull();
    stop();
  });

  it('the other side retracts or removes (PartnerStatusChanged): the profile offers a new request', async () => {
    profile = buildProfile({ friend_status: 2 });
    const { client } = open();
    const stop = followFriendshipEvents(client);
    expect(await (await connection()).findByText('Ihr seid Trostpartner')).toBeInTheDocument();
    profile = buildProfile({ friend_status: 3 });
    act(() =>
      realtimeBus.emit('PartnerStatusChanged', { status: 3, user_id: 7, foreign_user_id: 21, message: null }),
    );
    expect(await (await connection()).findByRole('button', { name: 'Kontakt anfragen' })).toBeInTheDocument();
    stop();
  });
});
