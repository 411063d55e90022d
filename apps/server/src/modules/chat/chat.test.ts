import { memberChannel } from '@trostnetz/contracts/realtime';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { users } from '../../db/schema/users.ts';
import { type MemberTokens, onboardMember, strongPassword } from '../../test/factories.ts';
import { connectPusher, subscribed, waitFor } from '../../test/pusher-client.ts';
import { call, createListeningTestApp, type Json, type TestApp } from '../../test/test-app.ts';

let t: TestApp;
let port: number;
beforeAll(async () => {
  ({ port, ...t } = await createListeningTestApp());
});
afterAll(() => t.close());

let group = 0;
const fitting = () => ({
  loss_kind: ['partner'],
  languages: ['de'],
  region: [`de_${['bayern', 'berlin', 'hessen'][group++ % 3]}`],
});

async function friends(): Promise<[MemberTokens, MemberTokens]> {
  const answers = fitting();
  const a = await onboardMember(t, answers);
  const b = await onboardMember(t, answers);
  await call(t, 'POST', `/api/user/friend/request/send/${b.id}`, { token: a.token, body: {} });
  await call(t, 'POST', `/api/user/friend/request/accept/${a.id}`, { token: b.token, body: {} });
  return [a, b];
}

const send = (from: MemberTokens, to: number, message: string, client_id?: string) =>
  call(t, 'POST', `/api/chat/${to}/send`, {
    token: from.token,
    body: { message, ...(client_id ? { client_id } : {}) },
  });
const page = async (m: MemberTokens, partner: number, query = '') =>
  (await call(t, 'GET', `/api/chat/${partner}/messages${query}`, { token: m.token })).json as {
    messages: Json[];
    has_more: boolean;
  };
const unread = async (m: MemberTokens) =>
  (await call(t, 'GET', '/api/chat/unreadByChat', { token: m.token })).json;

describe('sending', () => {
  it('befriended partners write to each other: the answer is the stored message', async () => {
    const [a, b] = await friends();
    const res = await send(a, b.id, 'Wie geht es dir heute?');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      user_id: a.id,
      recipient_id: b.id,
      message: 'Wie geht es dir heute?',
      read_at: null,
    });
    expect((await page(b, a.id)).messages.map((m) => m.id)).toEqual([res.json.id]);
  });

  it('only friends can write: suggestions, pending requests and strangers are refused, nothing stored', async () => {
    const answers = fitting();
    const a = await onboardMember(t, answers);
    const b = await onboardMember(t, answers);
    expect((await send(a, b.id, 'Hallo')).status).toBe(404);
    await call(t, 'POST', `/api/user/friend/request/send/${b.id}`, { token: a.token, body: {} });
    expect((await send(a, b.id, 'Hallo')).status).toBe(404);
    expect((await send(a, a.id, 'an mich')).status).toBe(404);
    expect((await send(a, 999_999, 'niemand')).status).toBe(404);
    expect(await unread(b)).toEqual({});
  });

  it('a removed friendship stays readable to both, but no new message can be sent (403)', async () => {
    const [a, b] = await friends();
    await send(a, b.id, 'Danke für alles.');
    await call(t, 'POST', `/api/user/friend/list/remove/${b.id}`, { token: a.token, body: {} });
    const refused = await send(b, a.id, 'Noch eins');
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('chat_closed');
    expect((await page(a, b.id)).messages.length).toBe(1);
    expect((await page(b, a.id)).messages.length).toBe(1);
  });

  it('hidden or deleted partners: no sending and no reading', async () => {
    const [a, b] = await friends();
    await send(a, b.id, 'Vor dem Ausblenden');
    await call(t, 'POST', '/api/block', { token: b.token, body: { userId: a.id } });
    expect((await send(a, b.id, 'Nach dem Ausblenden')).status).toBe(404);
    expect((await call(t, 'GET', `/api/chat/${a.id}/messages`, { token: b.token })).status).toBe(404);
    expect(await unread(b)).toEqual({});

    const [c, d] = await friends();
    await t.app.ctx.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, d.id));
    expect((await send(c, d.id, 'Bist du noch da?')).status).toBe(404);
  });

  it('a retried send with the same client_id is stored once', async () => {
    const [a, b] = await friends();
    const first = await send(a, b.id, 'Nur einmal bitte', 'client-abc-123');
    const again = await send(a, b.id, 'Nur einmal bitte', 'client-abc-123');
    const parallel = await Promise.all([
      send(a, b.id, 'Gleichzeitig', 'client-par-1'),
      send(a, b.id, 'Gleichzeitig', 'client-par-1'),
    ]);
    expect(again.json.id).toBe(first.json.id);
    expect(parallel[0]!.json.id).toBe(parallel[1]!.json.id);
    expect((await page(b, a.id)).messages.length).toBe(2);
  });

  it('notifier rule (issue 18, one statement): a message and its notification are stored together; a retried send counts once in the bell, a refused one not at all', async () => {
    const [a, b] = await friends();
    const bell = async () => {
      const res = await call(t, 'GET', '/api/notifications', { token: b.token });
      const chat = (res.json.data as Json[]).filter((n) => n.kind === 'chat_message');
      return { unread: res.json.unread, chat: chat.map((n) => n.count) };
    };
    const before = (await bell()).unread as number;
    await send(a, b.id, 'Erste', 'client-bell-1');
    await send(a, b.id, 'Erste', 'client-bell-1');
    expect(await bell()).toEqual({ unread: before + 1, chat: [1] });
    await send(a, b.id, 'Zweite');
    expect(await bell()).toEqual({ unread: before + 1, chat: [2] });
    await call(t, 'POST', '/api/block', { token: b.token, body: { userId: a.id } });
    // Hiding takes every notice naming the hidden member out of the bell (the request and the messages).
    expect(await bell()).toEqual({ unread: 0, chat: [] });
    expect((await send(a, b.id, 'Nach dem Ausblenden')).status).toBe(404);
    expect(await bell()).toEqual({ unread: 0, chat: [] });
  });

  it('bad input: empty, too long, wrong types, bad client_id, bad partner id → 422', async () => {
    const [a, b] = await friends();
    for (const body of [
      {},
      { message: '   ' },
      { message: 'x'.repeat(4001) },
      { message: 5 },
      { message: 'ok', client_id: 'no spaces!' },
    ]) {
      expect((await call(t, 'POST', `/api/chat/${b.id}/send`, { token: a.token, body })).status).toBe(422);
    }
    expect(
      (await call(t, 'POST', '/api/chat/abc/send', { token: a.token, body: { message: 'x' } })).status,
    ).toBe(422);
    expect((await page(b, a.id)).messages.length).toBe(0);
  });
});

describe('issue 9 item 7: the send limit (60/min) is keyed on the verified member', () => {
  it('issue 9 item 7: the Authorization header spelled 5 ways and a second session share one allowance: exactly 60 stored', async () => {
    const [a, b] = await friends();
    const second = await call(t, 'POST', '/api/auth/tokens', {
      body: { username: a.email, password: strongPassword },
    });
    const spellings = [
      `Bearer ${a.token}`,
      `bearer ${a.token}`,
      `Bearer    ${a.token}`,
      `Bearer\t${a.token}`,
      `BEARER ${second.json.token as string}`,
    ];
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++) {
      const res = await call(t, 'POST', `/api/chat/${b.id}/send`, {
        body: { message: `Nachricht ${i}` },
        headers: { authorization: spellings[i % spellings.length]! },
      });
      statuses.push(res.status);
      if (res.status === 429) expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(60);
    expect(statuses.filter((s) => s === 429)).toHaveLength(40);
    const stored = await call(t, 'GET', `/api/chat/${a.id}/messages?limit=100`, { token: b.token });
    expect((stored.json.messages as Json[]).length).toBe(60);
    // Another member on the same address keeps their own allowance.
    expect((await send(b, a.id, 'Ich darf noch')).status).toBe(200);
  });

  it('issue 9 item 7: requests without a valid session get 401 and use up no allowance', async () => {
    const [a, b] = await friends();
    for (let i = 0; i < 61; i++) {
      const res = await call(t, 'POST', `/api/chat/${b.id}/send`, {
        body: { message: 'x' },
        headers: { authorization: 'Bearer not-a-token' },
      });
      expect(res.status).toBe(401);
    }
    expect((await call(t, 'POST', `/api/chat/${b.id}/send`, { body: { message: 'x' } })).status).toBe(401);
    expect((await send(a, b.id, 'Erste echte Nachricht')).status).toBe(200);
  });
});

describe('history', () => {
  it('newest first with cursor pagination that stays stable while new messages arrive', async () => {
    const [a, b] = await friends();
    const sent: number[] = [];
    for (let i = 1; i <= 10; i++)
      sent.push((await send(i % 2 ? a : b, i % 2 ? b.id : a.id, `Nachricht ${i}`)).json.id as number);
    const first = await page(a, b.id, '?limit=4');
    expect(first.messages.map((m) => m.id)).toEqual(sent.slice(-4).reverse());
    expect(first.has_more).toBe(true);
    for (let i = 11; i <= 13; i++) await send(a, b.id, `Neu ${i}`);
    const oldest = first.messages.at(-1)!.id as number;
    const second = await page(a, b.id, `?limit=4&before=${oldest}`);
    expect(second.messages.map((m) => m.id)).toEqual(sent.slice(2, 6).reverse());
    const rest = await page(a, b.id, `?limit=4&before=${second.messages.at(-1)!.id}`);
    expect(rest.messages.map((m) => m.id)).toEqual(sent.slice(0, 2).reverse());
    expect(rest.has_more).toBe(false);
    const caughtUp = await page(a, b.id, `?after=${sent.at(-1)}`);
    expect(caughtUp.messages.map((m) => m.message)).toEqual(['Neu 13', 'Neu 12', 'Neu 11']);
  });

  it('another member’s conversation is never readable', async () => {
    const [a, b] = await friends();
    const [c] = await friends();
    await send(a, b.id, 'Nur für uns');
    const chatId = (
      (await call(t, 'GET', '/api/chat/partners', { token: a.token })).json as unknown as Json[]
    ).find((p) => p.id === b.id)!.chat_id;
    expect((await call(t, 'GET', `/api/chat/${b.id}/messages`, { token: c.token })).status).toBe(404);
    expect(
      (await call(t, 'POST', `/api/chat/messages/${chatId}/${a.id}/read`, { token: c.token })).status,
    ).toBe(404);
    expect(
      (await call(t, 'POST', `/api/chat/messages/${chatId}/${b.id}/read`, { token: c.token })).status,
    ).toBe(404);
    expect((await call(t, 'GET', '/api/chat/unreadByChat', { token: c.token })).json).toEqual({});
  });
});

describe('read state and unread counts', () => {
  it('read marks only the caller’s received messages and answers {id: {send_at}}', async () => {
    const [a, b] = await friends();
    const toB = [await send(a, b.id, 'eins'), await send(a, b.id, 'zwei')].map((r) => String(r.json.id));
    await send(b, a.id, 'Antwort');
    const partners = (await call(t, 'GET', '/api/chat/partners', { token: b.token }))
      .json as unknown as Json[];
    const chatId = partners.find((p) => p.id === a.id)!.chat_id;
    expect(partners.find((p) => p.id === a.id)!.has_messages).toBe(true);
    const res = await call(t, 'POST', `/api/chat/messages/${chatId}/${a.id}/read`, { token: b.token });
    expect(Object.keys(res.json).sort()).toEqual(toB.sort());
    expect(res.json[toB[0]!]).toMatchObject({ send_at: expect.any(String) });
    expect(await unread(b)).toEqual({});
    expect(await unread(a)).toEqual({ [String(b.id)]: 1 });
    expect(
      (await call(t, 'POST', `/api/chat/messages/${chatId}/${a.id}/read`, { token: b.token })).json,
    ).toEqual({});
    expect(
      (await call(t, 'POST', `/api/chat/messages/${Number(chatId) + 999}/${a.id}/read`, { token: b.token }))
        .status,
    ).toBe(404);
  });

  it('unread counts are exact under concurrent sends', async () => {
    const [a, b] = await friends();
    await Promise.all(Array.from({ length: 20 }, (_, i) => send(a, b.id, `parallel ${i}`)));
    expect(await unread(b)).toEqual({ [String(a.id)]: 20 });
  });

  it('unread rule (SPEC.md §7): GET /api/chat/unreadByChat answers the bare map of sender id to count, nothing else; a sender read in full is left out', async () => {
    const [a, b] = await friends();
    const [c] = await friends();
    await call(t, 'POST', `/api/user/friend/request/send/${b.id}`, { token: c.token, body: {} });
    await call(t, 'POST', `/api/user/friend/request/accept/${c.id}`, { token: b.token, body: {} });
    for (const text of ['eins', 'zwei', 'drei']) await send(a, b.id, text);
    await send(c, b.id, 'Hallo');
    const res = await call(t, 'GET', '/api/chat/unreadByChat', { token: b.token });
    expect(res.status).toBe(200);
    expect(res.text).toBe(JSON.stringify({ [a.id]: 3, [c.id]: 1 }));
    expect(res.json).toEqual({ [String(a.id)]: 3, [String(c.id)]: 1 });
    const chatWithC = (
      (await call(t, 'GET', '/api/chat/partners', { token: b.token })).json as unknown as Json[]
    ).find((p) => p.id === c.id)!.chat_id;
    await call(t, 'POST', `/api/chat/messages/${chatWithC}/${c.id}/read`, { token: b.token });
    expect(await unread(b)).toEqual({ [String(a.id)]: 3 });
  });
});

describe('live delivery', () => {
  it('ChatMessageNew reaches the recipient after it is stored, and the sender’s other tab, not the sending one', async () => {
    const [a, b] = await friends();
    const bClient = connectPusher(port, t.config.realtime.key, b.token);
    const aOtherTab = connectPusher(port, t.config.realtime.key, a.token);
    const aSendingTab = connectPusher(port, t.config.realtime.key, a.token);
    try {
      await subscribed(bClient, memberChannel(b.id, 'chat_message'));
      await subscribed(aOtherTab, memberChannel(a.id, 'chat_message'));
      await subscribed(aSendingTab, memberChannel(a.id, 'chat_message'));
      let echoed = false;
      aSendingTab.channel(memberChannel(a.id, 'chat_message')).bind('ChatMessageNew', () => {
        echoed = true;
      });
      const atB = waitFor<{ message: Json }>((done) =>
        bClient.channel(memberChannel(b.id, 'chat_message')).bind('ChatMessageNew', done),
      );
      const atOtherTab = waitFor<{ message: Json }>((done) =>
        aOtherTab.channel(memberChannel(a.id, 'chat_message')).bind('ChatMessageNew', done),
      );
      const res = await call(t, 'POST', `/api/chat/${b.id}/send`, {
        token: a.token,
        body: { message: 'Live' },
        headers: { 'x-socket-id': aSendingTab.connection.socket_id },
      });
      expect((await atB).message).toEqual(res.json);
      expect((await atOtherTab).message.id).toBe(res.json.id);
      const stored = await page(b, a.id);
      expect(stored.messages[0]!.id).toBe(res.json.id);
      await new Promise((r) => setTimeout(r, 200));
      expect(echoed).toBe(false);
      const readEvent = waitFor<{ ids: number[] }>((done) =>
        aOtherTab.channel(memberChannel(a.id, 'chat_message')).bind('ChatMessagesRead', done),
      );
      const readerOtherTab = waitFor<{ reader_id: number; sender_id: number }>((done) =>
        bClient.channel(memberChannel(b.id, 'chat_message')).bind('ChatMessagesRead', done),
      );
      await call(t, 'POST', `/api/chat/messages/${res.json.chat_id}/${a.id}/read`, { token: b.token });
      expect((await readEvent).ids).toEqual([res.json.id]);
      expect(await readerOtherTab).toMatchObject({ reader_id: b.id, sender_id: a.id });
    } finally {
      for (const c of [bClient, aOtherTab, aSendingTab]) c.disconnect();
    }
  });

  it('when live delivery fails (e.g. Redis unreachable) the message is still stored and answered, once', async () => {
    const [a, b] = await friends();
    const trigger = vi.spyOn(t.app.realtime!, 'trigger').mockRejectedValue(new Error('redis down'));
    try {
      const res = await send(a, b.id, 'Trotzdem angekommen', 'offline-broadcast-1');
      expect(res.status).toBe(200);
      expect(trigger).toHaveBeenCalled();
      expect((await send(a, b.id, 'Trotzdem angekommen', 'offline-broadcast-1')).json.id).toBe(res.json.id);
      const read = await call(t, 'POST', `/api/chat/messages/${res.json.chat_id}/${a.id}/read`, {
        token: b.token,
      });
      expect(read.status).toBe(200);
    } finally {
      trigger.mockRestore();
    }
    const stored = await page(b, a.id);
    expect(stored.messages.filter((m) => m.message === 'Trotzdem angekommen')).toHaveLength(1);
  });

  it('a publish that hangs (Redis reconnecting) does not hold up the send', async () => {
    const [a, b] = await friends();
    const trigger = vi.spyOn(t.app.realtime!, 'trigger').mockReturnValue(new Promise(() => {}));
    try {
      const res = await send(a, b.id, 'Nicht aufgehalten');
      expect(res.status).toBe(200);
      expect(trigger).toHaveBeenCalled();
    } finally {
      trigger.mockRestore();
    }
  });
});

describe('conversation channel (typing indicator)', () => {
  it('/pusher/auth signs private-chat_{id} for both befriended partners and nobody else', async () => {
    const [a, b] = await friends();
    const [c] = await friends();
    const chatId = (
      (await call(t, 'GET', '/api/chat/partners', { token: a.token })).json as unknown as Json[]
    ).find((p) => p.id === b.id)!.chat_id;
    const auth = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/pusher/auth',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `socket_id=1.2&channel_name=private-chat_${chatId}`,
      });
    expect((await auth(a.token)).statusCode).toBe(200);
    expect((await auth(b.token)).statusCode).toBe(200);
    expect((await auth(c.token)).statusCode).toBe(403);
    await call(t, 'POST', `/api/user/friend/list/remove/${b.id}`, { token: a.token, body: {} });
    expect((await auth(a.token)).statusCode).toBe(403);
  });
});
