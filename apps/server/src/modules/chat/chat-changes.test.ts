import { CHANNEL_CLOSED_EVENT, chatChannel, memberChannel } from '@trostnetz/contracts/realtime';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages } from '../../db/schema/chat.ts';
import { reports } from '../../db/schema/safety.ts';
import { eraseMember } from '../../lifecycle/member-data-table.ts';
import { type MemberTokens, onboardMember } from '../../test/factories.ts';
import { connectPusher, subscribed, waitFor } from '../../test/pusher-client.ts';
import { call, createListeningTestApp, type Json, type TestApp } from '../../test/test-app.ts';

/** Issue 13, finishing the chat: edit, delete, report a message; read receipts and typing switched off. */

let t: TestApp;
let port: number;
beforeAll(async () => {
  ({ port, ...t } = await createListeningTestApp());
});
afterAll(() => t.close());

let group = 0;
async function friends(): Promise<[MemberTokens, MemberTokens]> {
  const answers = {
    loss_kind: ['partner'],
    languages: ['de'],
    region: [`de_${['bayern', 'berlin', 'hessen'][group++ % 3]}`],
  };
  const a = await onboardMember(t, answers);
  const b = await onboardMember(t, answers);
  await call(t, 'POST', `/api/user/friend/request/send/${b.id}`, { token: a.token, body: {} });
  await call(t, 'POST', `/api/user/friend/request/accept/${a.id}`, { token: b.token, body: {} });
  return [a, b];
}

const send = async (from: MemberTokens, to: number, message: string) =>
  (await call(t, 'POST', `/api/chat/${to}/send`, { token: from.token, body: { message } })).json;
const edit = (m: MemberTokens, id: unknown, message: unknown) =>
  call(t, 'PATCH', `/api/chat/messages/${id}`, { token: m.token, body: { message } });
const remove = (m: MemberTokens, id: unknown) =>
  call(t, 'DELETE', `/api/chat/messages/${id}`, { token: m.token });
const report = (m: MemberTokens, id: unknown, body: Json) =>
  call(t, 'POST', `/api/chat/messages/${id}/report`, { token: m.token, body });
const history = async (m: MemberTokens, partner: number) =>
  (await call(t, 'GET', `/api/chat/${partner}/messages`, { token: m.token })).json.messages as Json[];
const row = async (id: unknown) =>
  (
    await t.app.ctx.db
      .select()
      .from(messages)
      .where(eq(messages.id, Number(id)))
  )[0]!;
const sentMinutesAgo = (id: unknown, minutes: number) =>
  t.app.ctx.db
    .update(messages)
    .set({ sendAt: new Date(Date.now() - minutes * 60_000) })
    .where(eq(messages.id, Number(id)));
const privacy = (m: MemberTokens, body: Json) =>
  call(t, 'PUT', '/api/user/chat-privacy', { token: m.token, body });
const chatIdOf = async (m: MemberTokens, partner: number) =>
  ((await call(t, 'GET', '/api/chat/partners', { token: m.token })).json as unknown as Json[]).find(
    (p) => p.id === partner,
  )!.chat_id as number;

describe('editing a message', () => {
  it('chat rule: own message editable within 15 minutes (14 min ok, marked edited), 409 after (16 min)', async () => {
    const [a, b] = await friends();
    const m = await send(a, b.id, 'Ich bin traurgi');
    await sentMinutesAgo(m.id, 14);
    const res = await edit(a, m.id, 'Ich bin traurig');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: m.id, message: 'Ich bin traurig', deleted_at: null });
    expect(res.json.edited_at).toEqual(expect.any(String));
    expect((await history(b, a.id))[0]).toMatchObject({
      message: 'Ich bin traurig',
      edited_at: res.json.edited_at,
    });

    const late = await send(a, b.id, 'Zu spät');
    await sentMinutesAgo(late.id, 16);
    const refused = await edit(a, late.id, 'Zu spät korrigiert');
    expect(refused.status).toBe(409);
    expect(refused.json.code).toBe('message_edit_window_closed');
    expect((await row(late.id)).body).toBe('Zu spät');
  });

  it('chat rule: only the sender edits; the partner and strangers get 404, nothing changes', async () => {
    const [a, b] = await friends();
    const [c] = await friends();
    const m = await send(a, b.id, 'Meine Worte');
    expect((await edit(b, m.id, 'Fremde Worte')).status).toBe(404);
    expect((await edit(c, m.id, 'Fremde Worte')).status).toBe(404);
    expect((await edit(a, 999_999_999, 'Niemand')).status).toBe(404);
    expect((await row(m.id)).body).toBe('Meine Worte');
  });

  it('chat rule: no edit or delete once the two may no longer write to each other (403 chat_closed)', async () => {
    const [a, b] = await friends();
    const m = await send(a, b.id, 'Vor dem Ende');
    await call(t, 'POST', `/api/user/friend/list/remove/${b.id}`, { token: a.token, body: {} });
    const refused = await edit(a, m.id, 'Nach dem Ende');
    expect(refused.status).toBe(403);
    expect(refused.json.code).toBe('chat_closed');
    expect((await remove(a, m.id)).status).toBe(403);
    expect((await row(m.id)).body).toBe('Vor dem Ende');
  });

  it('chat rule: bad input → 422 (empty, too long, wrong type, extra field, bad id), deleted → 409', async () => {
    const [a, b] = await friends();
    const m = await send(a, b.id, 'Original');
    for (const body of [
      {},
      { message: '  ' },
      { message: 'x'.repeat(4001) },
      { message: 3 },
      { message: 'ok', x: 1 },
    ]) {
      const res = await call(t, 'PATCH', `/api/chat/messages/${m.id}`, { token: a.token, body });
      expect(res.status).toBe(422);
      expect(res.json.code).toBe('validation_failed');
    }
    expect((await edit(a, 'abc', 'x')).status).toBe(422);
    expect((await remove(a, '0')).status).toBe(422);
    expect((await edit(a, m.id, 'x'.repeat(4000))).status).toBe(200);
    await remove(a, m.id);
    expect((await edit(a, m.id, 'wieder da?')).status).toBe(409);
  });
});

describe('deleting a message', () => {
  it('chat rule: delete really deletes: the row keeps no text, both sides see it as deleted', async () => {
    const [a, b] = await friends();
    const m = await send(a, b.id, 'Das war zu viel, bitte weg');
    await sentMinutesAgo(m.id, 60 * 24 * 30);
    const res = await remove(a, m.id);
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ id: m.id, message: '', deleted_at: expect.any(String) });
    const stored = await row(m.id);
    expect(stored.body).toBe('');
    expect(stored.deletedAt).toBeInstanceOf(Date);
    const raw = await t.app.ctx.db.execute(`select * from messages where id = ${Number(m.id)}`);
    expect(JSON.stringify(raw.rows)).not.toContain('bitte weg');
    for (const [who, other] of [
      [a, b],
      [b, a],
    ] as const) {
      expect((await history(who, other.id))[0]).toMatchObject({
        id: m.id,
        message: '',
        deleted_at: expect.any(String),
      });
    }
    // Deleting again answers the same; the partner cannot delete it.
    expect((await remove(a, m.id)).status).toBe(200);
    expect((await remove(b, m.id)).status).toBe(404);
  });
});

describe('live: ChatMessageUpdated and ChatMessageDeleted', () => {
  it('chat rule: an edit and a delete reach the partner and the sender’s other tab live', async () => {
    const [a, b] = await friends();
    const m = await send(a, b.id, 'Live vorher');
    const bClient = connectPusher(port, t.config.realtime.key, b.token);
    const aOtherTab = connectPusher(port, t.config.realtime.key, a.token);
    try {
      await subscribed(bClient, memberChannel(b.id, 'chat_message'));
      await subscribed(aOtherTab, memberChannel(a.id, 'chat_message'));
      const on = (client: typeof bClient, id: number, event: string) =>
        waitFor<{ message: Json }>((done) =>
          client.channel(memberChannel(id, 'chat_message')).bind(event, done),
        );
      const updatedAtB = on(bClient, b.id, 'ChatMessageUpdated');
      const updatedAtA = on(aOtherTab, a.id, 'ChatMessageUpdated');
      await edit(a, m.id, 'Live nachher');
      expect((await updatedAtB).message).toMatchObject({ id: m.id, message: 'Live nachher' });
      expect((await updatedAtA).message).toMatchObject({ id: m.id, message: 'Live nachher' });

      const deletedAtB = on(bClient, b.id, 'ChatMessageDeleted');
      const deletedAtA = on(aOtherTab, a.id, 'ChatMessageDeleted');
      await remove(a, m.id);
      expect((await deletedAtB).message).toMatchObject({
        id: m.id,
        message: '',
        deleted_at: expect.any(String),
      });
      expect((await deletedAtA).message).toMatchObject({ id: m.id, message: '' });
    } finally {
      bClient.disconnect();
      aOtherTab.disconnect();
    }
  });
});

describe('reporting a message', () => {
  it('chat rule: a report stores the message and the 5 before it (ids, senders, times, texts)', async () => {
    const [a, b] = await friends();
    const sent: Json[] = [];
    for (let i = 1; i <= 7; i++) sent.push(await send(i % 2 ? a : b, i % 2 ? b.id : a.id, `Nachricht ${i}`));
    const target = await send(a, b.id, 'Das ist verletzend');
    const res = await report(b, target.id, { reason: 'harassment', details: 'Seit Tagen so' });
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ id: expect.any(Number), status: 'open' });
    const [r] = await t.app.ctx.db
      .select()
      .from(reports)
      .where(eq(reports.id, res.json.id as number));
    expect(r).toMatchObject({
      targetType: 'message',
      targetId: target.id,
      reason: 'harassment',
      details: 'Seit Tagen so',
    });
    expect(r!.snapshot).toMatchObject({
      message: 'Das ist verletzend',
      author_id: a.id,
      created_at: target.send_at,
    });
    expect(r!.snapshot!.context).toEqual(
      sent
        .slice(-5)
        .map((m) => ({ id: m.id, author_id: m.user_id, created_at: m.send_at, message: m.message })),
    );
    // The snapshot keeps what was reported although the sender deletes it afterwards.
    await remove(a, target.id);
    const [after] = await t.app.ctx.db
      .select()
      .from(reports)
      .where(eq(reports.id, res.json.id as number));
    expect(after!.snapshot!.message).toBe('Das ist verletzend');
  });

  it('chat rule: the first message of a conversation is reported with an empty context; the sender may report too', async () => {
    const [a, b] = await friends();
    const first = await send(a, b.id, 'Erste');
    const res = await report(a, first.id, { reason: 'other' });
    expect(res.status).toBe(201);
    const [r] = await t.app.ctx.db
      .select()
      .from(reports)
      .where(eq(reports.id, res.json.id as number));
    expect(r!.snapshot).toMatchObject({ message: 'Erste', context: [] });
  });

  it('chat rule: only a participant may report (404, nothing stored); bad input → 422', async () => {
    const [a, b] = await friends();
    const [c] = await friends();
    const m = await send(a, b.id, 'Unter uns');
    const before = (await t.app.ctx.db.select().from(reports)).length;
    expect((await report(c, m.id, { reason: 'spam' })).status).toBe(404);
    expect((await report(b, 999_999_999, { reason: 'spam' })).status).toBe(404);
    for (const body of [
      {},
      { reason: 'bored' },
      { reason: 'spam', details: 'x'.repeat(2001) },
      { reason: 'spam', extra: 1 },
    ]) {
      const res = await report(b, m.id, body);
      expect(res.status).toBe(422);
      expect(res.json.code).toBe('validation_failed');
    }
    expect((await report(b, m.id, { reason: 'spam', details: 'x'.repeat(2000) })).status).toBe(201);
    expect((await t.app.ctx.db.select().from(reports)).length).toBe(before + 1);
  });

  it('chat rule: erasing a member takes their words out of message report snapshots, the report stays', async () => {
    const [a, b] = await friends();
    await send(a, b.id, 'Meine frühere Nachricht');
    await send(b, a.id, 'Seine Antwort');
    const target = await send(a, b.id, 'Gemeldet');
    const res = await report(b, target.id, { reason: 'inappropriate' });
    await eraseMember(t.app.ctx, a.id);
    const [r] = await t.app.ctx.db
      .select()
      .from(reports)
      .where(eq(reports.id, res.json.id as number));
    expect(r!.snapshot).toMatchObject({ message: '', author_id: null });
    expect(r!.snapshot!.context!.map((m) => [m.author_id, m.message])).toEqual([
      [null, ''],
      [b.id, 'Seine Antwort'],
    ]);
  });
});

describe('read receipts and typing switched off', () => {
  it('chat rule: the setting is stored per member (defaults on); bad input → 422', async () => {
    const [a] = await friends();
    expect((await call(t, 'GET', '/api/user/chat-privacy', { token: a.token })).json).toEqual({
      read_receipts: true,
      typing: true,
    });
    expect((await privacy(a, { read_receipts: false, typing: false })).json).toEqual({
      read_receipts: false,
      typing: false,
    });
    expect((await call(t, 'GET', '/api/user/chat-privacy', { token: a.token })).json).toEqual({
      read_receipts: false,
      typing: false,
    });
    for (const body of [{}, { read_receipts: 'no', typing: true }, { read_receipts: true }]) {
      expect((await privacy(a, body)).status).toBe(422);
    }
    expect((await call(t, 'GET', '/api/user/chat-privacy')).status).toBe(401);
  });

  it('chat rule: typing off: /pusher/auth refuses that member the conversation channel (no typing either way); on again, allowed', async () => {
    const [a, b] = await friends();
    const chatId = await chatIdOf(a, b.id);
    const auth = (m: MemberTokens) =>
      t.app.inject({
        method: 'POST',
        url: '/pusher/auth',
        headers: { authorization: `Bearer ${m.token}`, 'content-type': 'application/x-www-form-urlencoded' },
        payload: `socket_id=1.2&channel_name=private-chat_${chatId}`,
      });
    expect((await auth(a)).statusCode).toBe(200);
    await privacy(a, { read_receipts: true, typing: false });
    expect((await auth(a)).statusCode).toBe(403);
    expect((await auth(b)).statusCode).toBe(200);
    await privacy(a, { read_receipts: true, typing: true });
    expect((await auth(a)).statusCode).toBe(200);
  });

  it('chat rule: typing switched off ends it both ways at once, also for a tab that joined before: the member’s typing is refused (4302), the partner’s no longer reaches them', async () => {
    const [a, b] = await friends();
    const channel = chatChannel(await chatIdOf(a, b.id));
    const clientA = connectPusher(port, t.config.realtime.key, a.token);
    const clientB = connectPusher(port, t.config.realtime.key, b.token);
    try {
      await Promise.all([subscribed(clientA, channel), subscribed(clientB, channel)]);
      const seenByA: unknown[] = [];
      const seenByB: unknown[] = [];
      clientA.channel(channel).bind('client-typing', (d: unknown) => seenByA.push(d));
      clientB.channel(channel).bind('client-typing', (d: unknown) => seenByB.push(d));
      // Both on: typing goes both ways (the check below would notice a delivery).
      const arrived = [clientA, clientB].map((client) =>
        waitFor<unknown>((done) => client.channel(channel).bind('client-typing', done)),
      );
      clientB.channel(channel).trigger('client-typing', { user_id: b.id });
      clientA.channel(channel).trigger('client-typing', { user_id: a.id });
      await Promise.all(arrived);
      expect([seenByA, seenByB]).toEqual([[{ user_id: b.id }], [{ user_id: a.id }]]);

      // A switches typing off: the channel ends for both; B joins again, A is refused.
      const closedA = waitFor<{ channel: string }>((done) =>
        clientA.channel(channel).bind(CHANNEL_CLOSED_EVENT, done),
      );
      const closedB = waitFor<{ channel: string }>((done) =>
        clientB.channel(channel).bind(CHANNEL_CLOSED_EVENT, done),
      );
      expect((await privacy(a, { read_receipts: true, typing: false })).status).toBe(200);
      expect([await closedA, await closedB]).toEqual([{ channel }, { channel }]);
      clientB.unsubscribe(channel);
      await subscribed(clientB, channel);
      clientB.channel(channel).bind('client-typing', (d: unknown) => seenByB.push(d));
      clientB.channel(channel).trigger('client-typing', { user_id: b.id });
      const refused = waitFor<{ data: { code: number } }>((done) => clientA.connection.bind('error', done));
      clientA.channel(channel).trigger('client-typing', { user_id: a.id });
      expect((await refused).data.code).toBe(4302);
      clientA.unsubscribe(channel);
      const error = await waitFor<{ status: number }>((done) =>
        clientA.subscribe(channel).bind('pusher:subscription_error', done),
      );
      expect(error.status).toBe(403);
      await new Promise((r) => setTimeout(r, 200));
      expect([seenByA, seenByB]).toEqual([[{ user_id: b.id }], [{ user_id: a.id }]]);
    } finally {
      clientA.disconnect();
      clientB.disconnect();
    }
  });

  it('chat rule: receipts off by the reader: the sender sees no read mark and gets no read event', async () => {
    const [a, b] = await friends();
    await privacy(b, { read_receipts: false, typing: true });
    const m = await send(a, b.id, 'Gelesen?');
    const aClient = connectPusher(port, t.config.realtime.key, a.token);
    const bOtherTab = connectPusher(port, t.config.realtime.key, b.token);
    try {
      await subscribed(aClient, memberChannel(a.id, 'chat_message'));
      await subscribed(bOtherTab, memberChannel(b.id, 'chat_message'));
      let senderTold = false;
      aClient.channel(memberChannel(a.id, 'chat_message')).bind('ChatMessagesRead', () => {
        senderTold = true;
      });
      const readerTabs = waitFor<{ ids: number[] }>((done) =>
        bOtherTab.channel(memberChannel(b.id, 'chat_message')).bind('ChatMessagesRead', done),
      );
      const chatId = await chatIdOf(b, a.id);
      await call(t, 'POST', `/api/chat/messages/${chatId}/${a.id}/read`, { token: b.token });
      expect((await readerTabs).ids).toEqual([m.id]);
      await new Promise((r) => setTimeout(r, 200));
      expect(senderTold).toBe(false);
    } finally {
      aClient.disconnect();
      bOtherTab.disconnect();
    }
    expect((await history(a, b.id))[0]).toMatchObject({ id: m.id, read_at: null });
    // The reader's own unread count still clears.
    expect((await call(t, 'GET', '/api/chat/unreadByChat', { token: b.token })).json).toEqual({});
  });

  it('chat rule: receipts off by the sender: they no longer see the partner’s reads either; on again, they do', async () => {
    const [a, b] = await friends();
    await privacy(a, { read_receipts: false, typing: true });
    const m = await send(a, b.id, 'Hast du es gesehen?');
    const chatId = await chatIdOf(b, a.id);
    await call(t, 'POST', `/api/chat/messages/${chatId}/${a.id}/read`, { token: b.token });
    expect((await history(a, b.id))[0]).toMatchObject({ id: m.id, read_at: null });
    // The reader sees their own read of the message they received.
    expect((await history(b, a.id))[0]!.read_at).toEqual(expect.any(String));
    await privacy(a, { read_receipts: true, typing: true });
    expect((await history(a, b.id))[0]!.read_at).toEqual(expect.any(String));
  });
});
