import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useChatStore } from '../../../domain/chat/chat-store.ts';
import { realtimeBus } from '../../../lib/realtime.ts';
import { useUserStore } from '../../../lib/storage/user-store.ts';
import { buildMessage, buildPartner } from '../../../test/chat-factories.ts';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, renderScreen } from '../../../test/render.tsx';
import { useChatLive } from '../hooks/use-chat-live.ts';
import { ChatWithScreen } from './chat-with-screen.tsx';

const ME = 7;
let partner = buildPartner();
let history = [buildMessage({ id: 1, message: 'Wie geht es dir heute?' })];
let unread: Record<string, number> = {};
let turns: Array<{ id: number; user_id: number; action: 'accept' | 'remove'; message: string; at: string }> =
  [];
let older: ReturnType<typeof buildMessage>[] = [];
let sendAnswers: Array<(body: { message: string; client_id: string }) => Response> = [];
const calls: Array<{ url: string; method: string; body?: unknown }> = [];

const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const method = init?.method ?? 'GET';
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  calls.push({ url, method, body });
  if (url === '/api/chat/partners') return jsonResponse(200, [partner]);
  if (url.startsWith('/api/chat/9/messages?limit=30&before=')) {
    const before = Number(new URL(url, 'http://x').searchParams.get('before'));
    return jsonResponse(200, {
      messages: older.filter((m) => m.id < before).reverse(),
      has_more: false,
      turns,
    });
  }
  if (url.startsWith('/api/chat/9/messages'))
    return jsonResponse(200, { messages: [...history].reverse(), has_more: false, turns });
  if (url === '/api/chat/messages/3/9/read') {
    const read = history.filter((m) => m.user_id === 9 && !m.read_at);
    return jsonResponse(
      200,
      Object.fromEntries(read.map((m) => [m.id, { send_at: m.send_at, read_at: 'r' }])),
    );
  }
  if (url === '/api/chat/9/send') {
    const answer = sendAnswers.shift();
    if (answer) return answer(body);
    return jsonResponse(200, buildMessage({ id: 50 + calls.length, user_id: ME, recipient_id: 9, ...body }));
  }
  if (url === '/api/chat/unreadByChat') return jsonResponse(200, unread);
  return jsonResponse(404, { code: 'not_found' });
});

function LiveScreen() {
  useChatLive(ME);
  return <ChatWithScreen />;
}

const sends = () => calls.filter((c) => c.url === '/api/chat/9/send');
const reads = () => calls.filter((c) => c.url.endsWith('/read'));
const open = () => renderScreen(LiveScreen, { path: '/chat/:id', url: '/chat/9' });

/** The Page Visibility API as the browser reports it; jsdom's page is always visible. */
let visibility: DocumentVisibilityState = 'visible';
function setVisibility(next: DocumentVisibilityState) {
  visibility = next;
  document.dispatchEvent(new Event('visibilitychange'));
}

beforeEach(() => {
  localStorage.clear();
  useChatStore.getState().reset();
  useChatStore.getState().claim(ME);
  useUserStore.getState().setUser(buildUser({ id: ME }));
  partner = buildPartner();
  history = [buildMessage({ id: 1, message: 'Wie geht es dir heute?' })];
  sendAnswers = [];
  unread = {};
  turns = [];
  older = [];
  calls.length = 0;
  visibility = 'visible';
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => visibility });
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('conversation (SPEC.md §4 Chat)', () => {
  it('the words with which the friendship began and ended stand in the history, in their place in time', async () => {
    const first = history[0]!;
    const before = new Date(new Date(first.send_at).getTime() - 60_000).toISOString();
    const after = new Date(new Date(first.send_at).getTime() + 60_000).toISOString();
    turns = [
      { id: 1, user_id: ME, action: 'accept', message: 'Schön, dass du fragst.', at: before },
      { id: 2, user_id: 9, action: 'remove', message: 'Danke für alles, ich brauche Ruhe.', at: after },
    ];
    open();
    const log = await screen.findByRole('log', { name: 'Gespräch mit Jonas' });
    const own = await within(log).findByText('Schön, dass du fragst.');
    expect(within(log).getByText('Du hast die Anfrage angenommen und dazu geschrieben:')).toBeInTheDocument();
    const ending = within(log).getByText('Danke für alles, ich brauche Ruhe.');
    expect(
      within(log).getByText('Jonas hat eure Verbindung beendet und dir dazu geschrieben:'),
    ).toBeInTheDocument();
    // In order: the beginning, the message, the ending.
    const message = within(log).getByText('Wie geht es dir heute?');
    expect(own.compareDocumentPosition(message) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(message.compareDocumentPosition(ending) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('entering loads the messages, marks them read and clears that partner’s unread count; leaving clears the ids', async () => {
    unread = { '9': 1, '12': 2 };
    const { unmount } = open();
    const log = await screen.findByRole('log', { name: 'Gespräch mit Jonas' });
    expect(await within(log).findByText('Wie geht es dir heute?')).toBeInTheDocument();
    expect(within(log).getByRole('heading', { name: 'Heute' })).toBeInTheDocument();
    await waitFor(() => expect(calls.some((c) => c.url === '/api/chat/messages/3/9/read')).toBe(true));
    expect(useChatStore.getState()).toMatchObject({ chatId: 3, partnerId: 9, unread: { '12': 2 } });
    await waitFor(() => expect(useChatStore.getState().messages['9']?.[0]?.read_at).toBe('r'));
    unmount();
    expect(useChatStore.getState()).toMatchObject({ chatId: null, partnerId: null });
  });

  it('Enter sends, Shift+Enter starts a new line; focus stays in the composer', async () => {
    const user = userEvent.setup();
    open();
    const field = await screen.findByRole('textbox', { name: 'Nachricht an Jonas' });
    await user.click(field);
    await user.keyboard('Danke dir{Shift>}{Enter}{/Shift}für alles');
    expect(field).toHaveValue('Danke dir\nfür alles');
    expect(sends()).toHaveLength(0);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sends()).toHaveLength(1));
    expect(sends()[0]?.body).toMatchObject({ message: 'Danke dir\nfür alles' });
    expect(field).toHaveValue('');
    expect(field).toHaveFocus();
    const log = screen.getByRole('log');
    expect(await within(log).findByText('Gesendet')).toBeInTheDocument();
  });

  it('SPEC.md §8: a failed send is only logged, shows a calm “not sent” and the retry keeps the client_id (stored once)', async () => {
    const user = userEvent.setup();
    sendAnswers = [() => jsonResponse(500, { code: 'internal' })];
    open();
    const field = await screen.findByRole('textbox', { name: 'Nachricht an Jonas' });
    await user.type(field, 'Bist du da?{Enter}');
    expect(await screen.findByText('Nicht gesendet. Bitte versuche es noch einmal.')).toBeInTheDocument();
    expect(console.error).toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Erneut senden' }));
    await waitFor(() => expect(sends()).toHaveLength(2));
    expect(sends()[1]?.body).toEqual(sends()[0]?.body);
    expect((sends()[0]?.body as { client_id: string }).client_id).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    await waitFor(() =>
      expect(screen.queryByText('Nicht gesendet. Bitte versuche es noch einmal.')).toBeNull(),
    );
    expect(within(screen.getByRole('log')).getAllByText('Bist du da?')).toHaveLength(1);
  });

  it('L9 after sending, failing to send and receiving messages, localStorage holds none of their words', async () => {
    const user = userEvent.setup();
    sendAnswers = [
      (body) => jsonResponse(200, buildMessage({ id: 40, user_id: ME, recipient_id: 9, ...body })),
    ];
    sendAnswers.push(() => jsonResponse(500, { code: 'internal' }));
    open();
    const log = await screen.findByRole('log');
    await within(log).findByText('Wie geht es dir heute?');
    const field = screen.getByRole('textbox', { name: 'Nachricht an Jonas' });
    await user.type(field, 'Mir fehlt meine Mutter{Enter}');
    await within(log).findByText('Gesendet');
    await user.type(field, 'Heute war ein schwerer Tag{Enter}');
    await screen.findByText('Nicht gesendet. Bitte versuche es noch einmal.');
    const incoming = buildMessage({ id: 41, message: 'Ich bin für dich da' });
    history.push(incoming);
    act(() => realtimeBus.emit('ChatMessageNew', { message: incoming }));
    await within(log).findByText('Ich bin für dich da');

    const stored = Object.keys(localStorage).map((key) => localStorage.getItem(key) ?? '');
    expect(stored.join('\n')).toContain('"owner":7');
    for (const words of [
      'Wie geht es dir heute?',
      'Mir fehlt meine Mutter',
      'Heute war ein schwerer Tag',
      'Ich bin für dich da',
    ]) {
      for (const value of stored) expect(value).not.toContain(words);
    }
  });

  it('L9 a message on its way when the page reloaded says it was not sent (its words were not kept), unless the server has it', async () => {
    const user = userEvent.setup();
    // What the tab left behind: two messages on their way, their words never stored.
    const sentAt = '2026-01-01T10:01:00.000Z';
    localStorage.setItem(
      'chat_storage',
      JSON.stringify({
        state: {
          owner: ME,
          unread: {},
          pending: {
            '9': [
              { client_id: 'arrived01', send_at: sentAt },
              { client_id: 'cutoff001', send_at: sentAt },
            ],
          },
        },
        version: 2,
      }),
    );
    await useChatStore.persist.rehydrate();
    // The first reached the server before the reload.
    history.push(
      buildMessage({ id: 2, user_id: ME, recipient_id: 9, client_id: 'arrived01', message: 'Angekommen' }),
    );
    open();
    const log = await screen.findByRole('log');
    await within(log).findByText('Angekommen');
    const lost = await within(log).findAllByText(/Diese Nachricht wurde nicht gesendet/);
    expect(lost).toHaveLength(1);
    await user.click(within(log).getByRole('button', { name: 'Verstanden' }));
    await waitFor(() => expect(within(log).queryByText(/Diese Nachricht wurde nicht gesendet/)).toBeNull());
    expect(useChatStore.getState().pending['9']).toEqual([]);
  });

  it('an incoming message in the open chat is appended to the log and marked read; read marks update own messages', async () => {
    open();
    const log = await screen.findByRole('log');
    await within(log).findByText('Wie geht es dir heute?');
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/read'))).toHaveLength(1));
    const incoming = buildMessage({ id: 2, message: 'Ich denke an dich.' });
    history.push(incoming);
    act(() => realtimeBus.emit('ChatMessageNew', { message: incoming }));
    expect(await within(log).findByText('Ich denke an dich.')).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.url.endsWith('/read'))).toHaveLength(2));
    expect(useChatStore.getState().unread['9']).toBeUndefined();

    const own = buildMessage({ id: 3, user_id: ME, recipient_id: 9, message: 'Danke.' });
    act(() => realtimeBus.emit('ChatMessageNew', { message: own }));
    await within(log).findByText('Danke.');
    act(() =>
      realtimeBus.emit('ChatMessagesRead', {
        chat_id: 3,
        reader_id: 9,
        sender_id: ME,
        ids: [3],
        read_at: '2026-01-01T10:00:00Z',
      }),
    );
    expect(await within(log).findByText('Gelesen')).toBeInTheDocument();
  });

  it('a partner shown offline shows as online the moment a message of theirs arrives', async () => {
    partner = buildPartner({ online: false });
    open();
    const log = await screen.findByRole('log');
    await within(log).findByText('Wie geht es dir heute?');
    expect(screen.getByText('Gerade nicht online')).toBeInTheDocument();
    const incoming = buildMessage({ id: 2, message: 'Bin da.' });
    history.push(incoming);
    act(() => realtimeBus.emit('ChatMessageNew', { message: incoming }));
    await within(log).findByText('Bin da.');
    expect(await screen.findByText('Online')).toBeInTheDocument();
    expect(screen.queryByText('Gerade nicht online')).toBeNull();
  });

  it('SPEC.md §4 Chat: messages read in another tab of the member clear that partner’s unread count here', async () => {
    open();
    await screen.findByRole('log');
    act(() => useChatStore.getState().setUnread({ '9': 2 }));
    act(() =>
      realtimeBus.emit('ChatMessagesRead', {
        chat_id: 3,
        reader_id: ME,
        sender_id: 9,
        ids: [41, 42],
        read_at: '2026-01-01T10:00:00Z',
      }),
    );
    expect(useChatStore.getState().unread['9']).toBeUndefined();
  });

  it('scrolling up loads earlier messages before the oldest one, each once (infinite scroll upward)', async () => {
    const user = userEvent.setup();
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    older = [buildMessage({ id: 1, message: 'Gestern Abend', send_at: yesterday })];
    history = [buildMessage({ id: 2, message: 'Heute früh' })];
    calls.length = 0;
    useChatStore.getState().replace(9, [], true);
    useChatStore.getState().merge(9, history, { fetched: true, hasMore: true });
    open();
    const log = await screen.findByRole('log');
    await within(log).findByText('Heute früh');
    await user.click(screen.getByRole('button', { name: 'Ältere Nachrichten laden' }));
    expect(await within(log).findByText('Gestern Abend')).toBeInTheDocument();
    expect(calls.some((c) => c.url.includes('before=2'))).toBe(true);
    expect(within(log).getByRole('heading', { name: 'Gestern' })).toBeInTheDocument();
    expect(screen.getByText('Hier beginnt euer Gespräch.')).toBeInTheDocument();
    expect(within(log).getAllByText(/Heute früh|Gestern Abend/)).toHaveLength(2);
  });

  it('a former friend’s chat is read-only, a deleted account shows “Konto gelöscht”', async () => {
    partner = buildPartner({ friend_status: 3, nickname: '' });
    open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Konto gelöscht' })).toBeInTheDocument();
    expect(screen.getByText('Dieses Konto wurde gelöscht')).toBeInTheDocument();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('link', { name: /Profil von/ })).toBeNull();
  });

  it('the partner’s profile, where they can be reported or hidden, is one tap away from the conversation', async () => {
    open();
    const link = await screen.findByRole('link', {
      name: 'Profil von Jonas ansehen, melden oder ausblenden',
    });
    expect(link).toHaveAttribute('href', '/profile/9');
  });
});

/** Another screen (e.g. /dashboard): only the layout's live chat hook runs. */
function ElsewhereScreen() {
  useChatLive(ME);
  return <p>Übersicht</p>;
}

describe('issue 9 item 14: a chat is marked read only while its conversation is on screen and the page is visible', () => {
  it('the chat remembered in chat_storage from a closed tab causes no read call on another screen; the unread count shows', async () => {
    history = [buildMessage({ id: 1, message: 'Bist du noch wach?' })];
    unread = { '9': 1 };
    // What a tab closed on /chat/9 left behind (earlier builds kept the open chat in chat_storage).
    localStorage.setItem(
      'chat_storage',
      JSON.stringify({ state: { owner: ME, chatId: 3, partnerId: 9, messages: {}, unread: {} }, version: 1 }),
    );
    await useChatStore.persist.rehydrate();
    renderScreen(ElsewhereScreen, { path: '/dashboard' });
    await screen.findByText('Übersicht');
    await waitFor(() => expect(useChatStore.getState().unread).toEqual({ '9': 1 }));

    const incoming = buildMessage({ id: 2, message: 'Ich schreib dir einfach.' });
    history.push(incoming);
    act(() => realtimeBus.emit('ChatMessageNew', { message: incoming }));
    expect(useChatStore.getState().unread).toEqual({ '9': 2 });
    await new Promise((r) => setTimeout(r, 50));
    expect(reads()).toEqual([]);
  });

  it('in a hidden tab the open conversation is not marked read; when the tab is shown again it is, once', async () => {
    visibility = 'hidden';
    unread = { '9': 1 };
    open();
    const log = await screen.findByRole('log', { name: 'Gespräch mit Jonas' });
    await within(log).findByText('Wie geht es dir heute?');
    await waitFor(() => expect(calls.some((c) => c.url === '/api/chat/unreadByChat')).toBe(true));
    const incoming = buildMessage({ id: 2, message: 'Ich denke an dich.' });
    history.push(incoming);
    act(() => realtimeBus.emit('ChatMessageNew', { message: incoming }));
    expect(await within(log).findByText('Ich denke an dich.')).toBeInTheDocument();
    await waitFor(() => expect(useChatStore.getState().unread).toEqual({ '9': 2 }));
    expect(reads()).toEqual([]);
    expect(useChatStore.getState().messages['9']?.every((m) => m.read_at === null)).toBe(true);

    act(() => setVisibility('visible'));
    await waitFor(() => expect(reads()).toHaveLength(1));
    expect(reads()[0]).toMatchObject({ url: '/api/chat/messages/3/9/read', method: 'POST' });
    await waitFor(() =>
      expect(useChatStore.getState().messages['9']?.every((m) => m.read_at === 'r')).toBe(true),
    );
    expect(useChatStore.getState().unread['9']).toBeUndefined();
    // Shown again with nothing new: no further read call.
    act(() => setVisibility('hidden'));
    act(() => setVisibility('visible'));
    await new Promise((r) => setTimeout(r, 50));
    expect(reads()).toHaveLength(1);
  });

  it('after leaving the conversation, showing the tab again marks nothing read', async () => {
    const { unmount } = open();
    await screen.findByRole('log');
    await waitFor(() => expect(reads()).toHaveLength(1));
    unmount();
    act(() => setVisibility('hidden'));
    useChatStore.getState().setUnread({ '9': 1 });
    act(() => setVisibility('visible'));
    await new Promise((r) => setTimeout(r, 50));
    expect(reads()).toHaveLength(1);
  });
});
