import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useChatStore } from '../../../domain/chat/chat-store.ts';
import { useUserStore } from '../../../lib/storage/user-store.ts';
import { buildMessage, buildPartner } from '../../../test/chat-factories.ts';
import { buildUser } from '../../../test/factories.ts';
import { jsonResponse, renderScreen } from '../../../test/render.tsx';
import { ChatWithScreen } from './chat-with-screen.tsx';

/**
 * Issue 43 in the conversation: the send prompt before hurtful words leave the device, the quiet question
 * under a partner's message that may weigh, and the off-platform note once in a new partnership.
 */
const ME = 7;
const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();
let partner = buildPartner();
let history: ReturnType<typeof buildMessage>[] = [];
const calls: Array<{ url: string; method: string; body?: unknown }> = [];

const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
  const method = init?.method ?? 'GET';
  const body = init?.body ? JSON.parse(String(init.body)) : undefined;
  calls.push({ url, method, body });
  if (url === '/api/chat/partners') return jsonResponse(200, [partner]);
  if (url.startsWith('/api/chat/9/messages'))
    return jsonResponse(200, { messages: [...history].reverse(), has_more: false, turns: [] });
  if (url === '/api/chat/9/send')
    return jsonResponse(200, buildMessage({ id: 90, user_id: ME, recipient_id: 9, ...body }));
  if (url === '/api/safety/send-prompts') return jsonResponse(204, undefined);
  if (url === '/api/chat/messages/5/report') return jsonResponse(201, { id: 1, status: 'open' });
  if (url === '/api/chat/unreadByChat') return jsonResponse(200, {});
  if (url.endsWith('/read')) return jsonResponse(200, {});
  return jsonResponse(404, { code: 'not_found' });
});

const sends = () => calls.filter((c) => c.url === '/api/chat/9/send');
const counted = () => calls.filter((c) => c.url === '/api/safety/send-prompts').map((c) => c.body);
const open = () => renderScreen(ChatWithScreen, { path: '/chat/:id', url: '/chat/9' });

beforeEach(() => {
  localStorage.clear();
  useChatStore.getState().reset();
  useChatStore.getState().claim(ME);
  useUserStore.getState().setUser(buildUser({ id: ME }));
  partner = buildPartner({ befriended_at: hoursAgo(48) });
  history = [buildMessage({ id: 1, message: 'Wie geht es dir heute?', send_at: hoursAgo(2) })];
  calls.length = 0;
  vi.stubGlobal('fetch', fetchMock);
  vi.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('send prompt rule in the chat: nothing leaves the device before the writer chooses', () => {
  it('hurtful words ask first; "Ändern" sends nothing, counts a change and puts the text back to work on', async () => {
    const user = userEvent.setup();
    open();
    const field = await screen.findByRole('textbox', { name: 'Nachricht an Jonas' });
    await user.type(field, 'Stell dich nicht so an{Enter}');
    const prompt = await screen.findByRole('region', { name: 'Möchtest du das wirklich so senden?' });
    expect(within(prompt).getByRole('button', { name: 'Ändern' })).toHaveFocus();
    expect(sends()).toEqual([]);
    await user.click(within(prompt).getByRole('button', { name: 'Ändern' }));
    expect(screen.queryByRole('region', { name: 'Möchtest du das wirklich so senden?' })).toBeNull();
    expect(field).toHaveValue('Stell dich nicht so an');
    expect(field).toHaveFocus();
    expect(sends()).toEqual([]);
    await waitFor(() => expect(counted()).toEqual([{ surface: 'chat', choice: 'change' }]));
  });

  it('"Trotzdem senden" sends the text as written and counts it; a kind text is sent without asking', async () => {
    const user = userEvent.setup();
    open();
    const field = await screen.findByRole('textbox', { name: 'Nachricht an Jonas' });
    await user.type(field, 'Du nervst{Enter}');
    await user.click(await screen.findByRole('button', { name: 'Trotzdem senden' }));
    await waitFor(() =>
      expect(sends().map((c) => (c.body as { message: string }).message)).toEqual(['Du nervst']),
    );
    expect(counted()).toEqual([{ surface: 'chat', choice: 'send' }]);
    await user.type(field, 'Ich denke an dich{Enter}');
    await waitFor(() => expect(sends()).toHaveLength(2));
    expect(screen.queryByRole('region', { name: 'Möchtest du das wirklich so senden?' })).toBeNull();
    expect(counted()).toHaveLength(1);
  });
});

describe('received check rule: a partner’s message that may weigh asks quietly', () => {
  it('hurtful words or contact details from the partner ask; "Nein, alles gut" hides it for good', async () => {
    const user = userEvent.setup();
    history = [
      buildMessage({ id: 4, message: 'Komm endlich drüber hinweg', send_at: hoursAgo(3) }),
      buildMessage({ id: 1, message: 'Wie geht es dir heute?', send_at: hoursAgo(2) }),
      buildMessage({ id: 6, user_id: ME, recipient_id: 9, message: 'Halt die Klappe', send_at: hoursAgo(1) }),
    ];
    const { unmount } = open();
    const log = await screen.findByRole('log', { name: 'Gespräch mit Jonas' });
    await within(log).findByText('Komm endlich drüber hinweg');
    // Only under the partner's hurtful message: not under a kind one, not under my own.
    expect(within(log).getAllByText('Belastet dich diese Nachricht?')).toHaveLength(1);
    await user.click(within(log).getByRole('button', { name: 'Nein, alles gut' }));
    expect(within(log).queryByText('Belastet dich diese Nachricht?')).toBeNull();
    unmount();
    open();
    await within(await screen.findByRole('log')).findByText('Komm endlich drüber hinweg');
    expect(screen.queryByText('Belastet dich diese Nachricht?')).toBeNull();
  });

  it('"Ja, melden" opens the report dialog for that message', async () => {
    const user = userEvent.setup();
    history = [buildMessage({ id: 5, message: 'schick mir ein Foto, jetzt', send_at: hoursAgo(1) })];
    open();
    await user.click(await screen.findByRole('button', { name: 'Ja, melden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nachricht von Jonas melden' });
    await user.click(within(dialog).getByRole('radio', { name: 'Belästigung oder Beleidigung' }));
    await user.click(within(dialog).getByRole('button', { name: 'Meldung senden' }));
    await waitFor(() =>
      expect(calls.find((c) => c.url === '/api/chat/messages/5/report')?.body).toMatchObject({
        reason: 'harassment',
      }),
    );
  });
});

describe('off-platform note rule in the conversation', () => {
  it('the first message with contact details in the first 14 days carries the note once, the messages unchanged', async () => {
    history = [
      buildMessage({ id: 1, message: 'Meine Nummer: 0170 1234567', send_at: hoursAgo(3) }),
      buildMessage({ id: 2, user_id: ME, recipient_id: 9, message: 'lena@example.de', send_at: hoursAgo(2) }),
    ];
    open();
    const log = await screen.findByRole('log', { name: 'Gespräch mit Jonas' });
    expect(await within(log).findByText('Meine Nummer: 0170 1234567')).toBeInTheDocument();
    expect(within(log).getByText('lena@example.de')).toBeInTheDocument();
    expect(
      within(log).getAllByRole('complementary', { name: 'Ein kurzer Gedanke zu eurer Sicherheit' }),
    ).toHaveLength(1);
  });

  it('after the first 14 days no note', async () => {
    partner = buildPartner({ befriended_at: hoursAgo(15 * 24) });
    history = [buildMessage({ id: 1, message: 'Meine Nummer: 0170 1234567', send_at: hoursAgo(1) })];
    open();
    const log = await screen.findByRole('log', { name: 'Gespräch mit Jonas' });
    await within(log).findByText('Meine Nummer: 0170 1234567');
    expect(
      within(log).queryByRole('complementary', { name: 'Ein kurzer Gedanke zu eurer Sicherheit' }),
    ).toBeNull();
  });
});
