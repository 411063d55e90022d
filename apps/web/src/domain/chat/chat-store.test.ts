import { beforeEach, describe, expect, it } from 'vitest';
import { clearSession } from '../../lib/session.ts';
import { buildMessage } from '../../test/chat-factories.ts';
import { CHAT_STORAGE_KEY, totalUnread, useChatStore } from './chat-store.ts';

const ME = 7;
const store = () => useChatStore.getState();

beforeEach(() => {
  localStorage.clear();
  store().reset();
  store().claim(ME);
});

describe('chat store (SPEC.md §4 Chat, Local persistence)', () => {
  it('entering sets chat and partner ids; leaving clears them', () => {
    store().enter(3, 9);
    expect(store()).toMatchObject({ chatId: 3, partnerId: 9 });
    store().leave();
    expect(store()).toMatchObject({ chatId: null, partnerId: null });
  });

  it('an incoming message increments the sender’s unread count, an own one (other tab) does not', () => {
    store().replace(9, [], false);
    store().receive(buildMessage({ id: 5 }), ME);
    store().receive(buildMessage({ id: 6, user_id: ME, recipient_id: 9 }), ME);
    expect(store().unread).toEqual({ '9': 1 });
    expect(totalUnread(store())).toBe(1);
    expect(store().messages['9']?.map((m) => m.id)).toEqual([5, 6]);
    store().clearUnread(9);
    expect(totalUnread(store())).toBe(0);
  });

  it('mute rule: a muted conversation counts in its own unread entry (the list), never in the total (navigation, title)', () => {
    store().setUnread({ '9': 2, '11': 3 });
    store().setMuted([11]);
    expect(store().unread).toEqual({ '9': 2, '11': 3 });
    expect(totalUnread(store())).toBe(2);
    store().receive(buildMessage({ id: 40, user_id: 11, recipient_id: ME }), ME);
    expect(store().unread['11']).toBe(4);
    expect(totalUnread(store())).toBe(2);
    store().setMuted([]);
    expect(totalUnread(store())).toBe(6);
  });

  it('chat rule: an edited or deleted message replaces the cached copy and counts as nothing unread', () => {
    store().replace(9, [buildMessage({ id: 1, message: 'traurgi' })], false);
    store().change(buildMessage({ id: 1, message: 'traurig', edited_at: '2026-01-01T10:05:00.000Z' }), ME);
    expect(store().messages['9']).toMatchObject([
      { id: 1, message: 'traurig', edited_at: expect.any(String) },
    ]);
    store().change(buildMessage({ id: 1, message: '', deleted_at: '2026-01-01T10:06:00.000Z' }), ME);
    expect(store().messages['9']).toMatchObject([{ id: 1, message: '', deleted_at: expect.any(String) }]);
    // Not cached (that chat was never loaded): nothing is added; the next sync brings it as it is.
    store().change(buildMessage({ id: 8, user_id: 12, message: '' }), ME);
    expect(store().messages['12']).toBeUndefined();
    expect(totalUnread(store())).toBe(0);
  });

  it('merges by message id: a live message that a catch-up returns again is kept once', () => {
    store().replace(9, [buildMessage({ id: 1 }), buildMessage({ id: 2 })], false);
    store().receive(buildMessage({ id: 4 }), ME);
    store().receive(buildMessage({ id: 4 }), ME);
    store().merge(9, [buildMessage({ id: 3 }), buildMessage({ id: 4, read_at: 'x' })], { fetched: true });
    expect(store().messages['9']?.map((m) => m.id)).toEqual([1, 2, 3, 4]);
    expect(store().messages['9']?.at(-1)?.read_at).toBe('x');
    expect(store().unread).toEqual({ '9': 1 });
    // Live messages never move the cursor; fetched ones do.
    expect(store().cursor['9']).toBe(4);
  });

  it('live messages do not move the catch-up cursor, so a gap before them is fetched later', () => {
    store().replace(9, [buildMessage({ id: 1 })], false);
    store().receive(buildMessage({ id: 8 }), ME);
    expect(store().cursor['9']).toBe(1);
  });

  it('a sent message replaces its pending copy (same client_id): shown once', () => {
    store().replace(9, [], false);
    store().addPending(9, { client_id: 'abcdefgh1', message: 'Hi', send_at: 'now', status: 'sending' });
    store().merge(9, [buildMessage({ id: 2, user_id: ME, recipient_id: 9, client_id: 'abcdefgh1' })]);
    expect(store().pending['9']).toEqual([]);
    expect(store().messages['9']).toHaveLength(1);
  });

  it('read marks update the member’s own messages', () => {
    store().replace(9, [buildMessage({ id: 1, user_id: ME, recipient_id: 9 })], false);
    store().markRead(9, [1], '2026-01-01T10:00:00.000Z');
    expect(store().messages['9']?.[0]?.read_at).toBe('2026-01-01T10:00:00.000Z');
  });

  it('a read mark that overtakes the answer to the send is kept; an older copy never unreads', () => {
    store().replace(9, [], false);
    store().markRead(9, [5], '2026-01-01T10:00:00.000Z');
    store().merge(9, [buildMessage({ id: 5, user_id: ME, recipient_id: 9 })]);
    expect(store().messages['9']?.[0]?.read_at).toBe('2026-01-01T10:00:00.000Z');
    store().merge(9, [buildMessage({ id: 5, user_id: ME, recipient_id: 9, read_at: null })], {
      fetched: true,
    });
    expect(store().messages['9']?.[0]?.read_at).toBe('2026-01-01T10:00:00.000Z');
  });

  it('a live message that arrives while the first page loads is kept by that page', () => {
    store().receive(buildMessage({ id: 9 }), ME);
    store().replace(9, [buildMessage({ id: 3 }), buildMessage({ id: 4 })], true);
    expect(store().messages['9']?.map((m) => m.id)).toEqual([3, 4, 9]);
    expect(store().cursor['9']).toBe(4);
  });

  it('L9 chat_storage keeps ids and state, never words: no message text, no pending text, an older build’s texts dropped', async () => {
    store().replace(9, [buildMessage({ id: 1, message: 'Mein Vater fehlt mir' })], false);
    store().receive(buildMessage({ id: 2, message: 'Ich denke an dich' }), ME);
    store().enter(3, 9);
    store().addPending(9, {
      client_id: 'abcdefgh2',
      message: 'Noch unterwegs',
      send_at: 'now',
      status: 'sending',
    });
    const raw = localStorage.getItem(CHAT_STORAGE_KEY) ?? '';
    for (const words of ['Mein Vater fehlt mir', 'Ich denke an dich', 'Noch unterwegs'])
      expect(raw).not.toContain(words);
    expect(JSON.parse(raw)).toEqual({
      state: {
        owner: ME,
        unread: { '9': 1 },
        pending: { '9': [{ client_id: 'abcdefgh2', send_at: 'now' }] },
        muted: [],
      },
      version: 2,
    });

    // What an earlier build wrote (version 1): the last messages and the pending texts.
    localStorage.setItem(
      CHAT_STORAGE_KEY,
      JSON.stringify({
        state: {
          owner: ME,
          chatId: 3,
          partnerId: 9,
          messages: { '9': [buildMessage({ id: 1, message: 'Alte Worte' })] },
          hasMore: { '9': false },
          cursor: { '9': 1 },
          pending: {
            '9': [{ client_id: 'abcdefgh4', message: 'Alter Entwurf', send_at: 'then', status: 'failed' }],
          },
          unread: { '9': 2 },
        },
        version: 1,
      }),
    );
    await useChatStore.persist.rehydrate();
    const rewritten = localStorage.getItem(CHAT_STORAGE_KEY) ?? '';
    expect(rewritten).not.toContain('Alte Worte');
    expect(rewritten).not.toContain('Alter Entwurf');
    expect(store().unread).toEqual({ '9': 2 });
    expect(store().pending['9']).toEqual([
      { client_id: 'abcdefgh4', message: '', send_at: 'then', status: 'lost' },
    ]);
  });

  it('L9 a text on its way when the page reloads is never silently lost: it comes back as "lost" (not sent), and goes once the server shows it was sent', async () => {
    store().addPending(9, { client_id: 'abcdefgh5', message: 'Hallo', send_at: 'now', status: 'sending' });
    store().addPending(9, {
      client_id: 'abcdefgh6',
      message: 'Bist du da?',
      send_at: 'now',
      status: 'failed',
    });
    await useChatStore.persist.rehydrate();
    expect(store().pending['9']?.map((p) => [p.client_id, p.status, p.message])).toEqual([
      ['abcdefgh5', 'lost', ''],
      ['abcdefgh6', 'lost', ''],
    ]);
    // The server had the first one (its answer was what the reload cut off): it was sent.
    store().replace(
      9,
      [buildMessage({ id: 1, user_id: ME, recipient_id: 9, client_id: 'abcdefgh5' })],
      false,
    );
    expect(store().pending['9']?.map((p) => p.client_id)).toEqual(['abcdefgh6']);
    // The member has read that the other was not sent.
    store().dropPending(9, 'abcdefgh6');
    expect(store().pending['9']).toEqual([]);
    expect(JSON.parse(localStorage.getItem(CHAT_STORAGE_KEY) ?? '{}').state.pending).toEqual({});
  });

  it('issue 9 item 14: the open conversation is never persisted, and one remembered by an older version is dropped', async () => {
    store().enter(3, 9);
    const saved = JSON.parse(localStorage.getItem(CHAT_STORAGE_KEY) ?? '{}').state;
    expect(saved.chatId).toBeUndefined();
    expect(saved.partnerId).toBeUndefined();
    localStorage.setItem(
      CHAT_STORAGE_KEY,
      JSON.stringify({ state: { ...saved, chatId: 3, partnerId: 9 }, version: 2 }),
    );
    store().leave();
    await useChatStore.persist.rehydrate();
    expect(store()).toMatchObject({ chatId: null, partnerId: null });
  });

  it('SPEC.md §4 Session: a reset or logout (clearSession) empties the chat state and chat_storage', () => {
    store().replace(9, [buildMessage({ id: 1 })], false);
    store().setUnread({ '9': 1 });
    store().addPending(9, { client_id: 'abcdefgh3', message: 'Hi', send_at: 'now', status: 'sending' });
    clearSession();
    expect(store()).toMatchObject({ owner: null, messages: {}, unread: {}, pending: {}, cursor: {} });
    const saved = JSON.parse(localStorage.getItem(CHAT_STORAGE_KEY) ?? '{}').state;
    expect(saved).toEqual({ owner: null, pending: {}, unread: {}, muted: [] });
  });

  it('another member’s state is dropped', () => {
    store().setUnread({ '9': 2 });
    store().claim(8);
    expect(store().unread).toEqual({});
  });
});
